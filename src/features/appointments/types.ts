/** A slot as GET appointment returns it: the doctor's view fills `patient`, the patient's view `doctor`. */
export interface Appointment {
  _id: string;
  date: string;
  time: string;
  startsAt?: string;
  timeZone?: string;
  reserved: boolean;
  doctor: { _id?: string; name: string; specialization: string; image?: string } | null;
  patient: { _id: string; name: string } | null;
  chat?: string | null;
  /** After the slot's time the doctor records whether the patient came; '' until then. */
  attendance?: Attendance;
}

export type Attendance = '' | 'attended' | 'no_show';

export interface DepartmentDoctor {
  _id: string;
  name: string;
}
