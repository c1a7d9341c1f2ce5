import type { RequestForm, RequestStatus } from '../../../shared/appointment-request';
import type { Attendance } from '../../../shared/appointment-attendance';
/** A doctor's slot as every list of slots has it: when it is (in the clinic's zone) and whether it is taken. */
export interface Slot {
  _id: string;
  date: string;
  time: string;
  startsAt?: string;
  timeZone?: string;
  reserved: boolean;
}

/** A slot as GET appointment returns it: the doctor's view fills `patient`, the patient's view `doctor`. */
export interface Appointment extends Slot {
  doctor: { _id?: string; name: string; specialization: string; image?: string } | null;
  patient: { _id: string; name: string } | null;
  chat?: string | null;
  /** After the slot's time the doctor records whether the patient came; '' until then. */
  attendance?: Attendance;
  /** The last moment the patient may cancel or move it (CANCEL_CUTOFF_HOURS before it). */
  changeableUntil?: string;
}

/** A doctor's slot offered when moving a reservation. */
export interface FreeSlot {
  _id: string;
  date: string;
  time: string;
  reserved: boolean;
  heldUntil?: string | null;
  heldForYou?: boolean;
}

export type { Attendance };

export interface DepartmentDoctor {
  _id: string;
  name: string;
}

/** An appointment request as GET appointment/requests returns it. */
export interface AppointmentRequest {
  _id: string;
  name: string;
  email: string;
  phone: string;
  hasAccount: boolean;
  doctor: { _id: string; name: string } | null;
  department: string;
  preferredDate: string;
  preferredTime: string;
  reason: string;
  status: RequestStatus;
  declineReason: string;
  appointment: { _id: string; date: string; time: string; startsAt: string; timeZone: string; doctor: string } | null;
  createdAt: string;
}

/** A free slot a request can be accepted into. */
export interface RequestSlot {
  _id: string;
  date: string;
  time: string;
  startsAt: string;
  timeZone: string;
  doctor: { _id: string; name: string };
}

export type { RequestForm };
