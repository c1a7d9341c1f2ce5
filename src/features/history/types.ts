/** The shapes the history calls return. */
export interface HistoryPatient {
  _id: string;
  name: string;
  image: string;
  phone: string;
  email: string;
  gender: string;
}

export interface History {
  _id: string;
  patient: HistoryPatient;
  currentState: string;
  blood_type: string;
  pregnancy: boolean;
  height: string;
  weight: string;
  medicines: { _id: string; medicine: string; date: string }[];
  diagnosis: { _id: string; diagnosis: string; notes: string; doctor: { _id?: string; name: string } | null }[];
  chronic_diseases: { _id: string; diagnosis: string; date: string; cured: boolean }[];
  genetic_disease: { _id: string; disease: string; injured: string; cured: boolean }[];
  surgeries: { _id: string; name: string; date: string }[];
  continuous_medications: { _id: string; medicine: string; dose: string }[];
  laboratory_tests: { _id: string; lab: string; name: string; result: string }[];
}

/** The path names of the seven sections, as the add and remove calls use them. */
export type HistoryKind = 'diagnosis' | 'lab' | 'medicines' | 'continuous_medications' | 'surgeries' | 'chronic_disease' | 'genetic_disease';

export interface AccessEntry {
  _id: string;
  actor: { _id: string | null; name: string; role: string };
  action: 'read' | 'add' | 'delete';
  target: string;
  outcome: 'allowed' | 'denied';
  /** Why an allowed read was allowed (her own record, or the appointment that opened it). */
  reason?: string;
  created_at: string;
}

/** Refused reads by people not signed in, one counter per address. */
export interface GuestRefusal {
  address: string;
  count: number;
  first_at: string;
  last_at: string;
}

export interface DoctorOption {
  _id: string;
  name: string;
}

/** What an add form sends: text fields, and the test result file. */
export type EntryValues = Record<string, string | File | undefined>;
