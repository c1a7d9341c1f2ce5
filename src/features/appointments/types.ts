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
}

export interface DepartmentDoctor {
  _id: string;
  name: string;
}
