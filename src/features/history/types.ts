/** The shapes the history calls return. */

import type { AllergySeverity } from '../../../shared/allergy-severity';

export type { AllergySeverity };

/**
 * Who wrote an entry. A doctor's entry carries his account; the patient's own is self-reported.
 * `hidden` is the patient hiding a doctor's entry from her own view. Older answers may lack these.
 */
export interface Authorship {
  _id: string;
  author?: { _id: string; name: string; role: string } | null;
  self_reported?: boolean;
  hidden?: boolean;
}
type Entry<T> = Authorship & T;
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
  medicines: Entry<{ medicine: string; date: string }>[];
  diagnosis: Entry<{
    diagnosis: string;
    notes: string;
    doctor: { _id?: string; name: string } | null;
    told_by?: string;
    told_by_doctor?: { _id: string; name: string } | null;
  }>[];
  chronic_diseases: Entry<{ diagnosis: string; date: string; cured: boolean }>[];
  genetic_disease: Entry<{ disease: string; injured: string; cured: boolean }>[];
  surgeries: Entry<{ name: string; date: string }>[];
  continuous_medications: Entry<{ medicine: string; dose: string }>[];
  laboratory_tests: Entry<{ lab: string; name: string; result: string }>[];
  /** Older servers send no allergies; the page treats that as none. */
  allergies?: Entry<{ substance: string; reaction: string; severity: AllergySeverity }>[];
}

/** The path names of the eight sections, as the add and remove calls use them. */
export type HistoryKind = 'diagnosis' | 'lab' | 'medicines' | 'continuous_medications' | 'surgeries' | 'chronic_disease' | 'genetic_disease' | 'allergies';

/** What the patient can do to an entry already there: remove her own, hide a doctor's, and undo either. */
export type EntryChange = 'remove' | 'restore' | 'hide' | 'unhide';

export interface AccessEntry {
  _id: string;
  actor: { _id: string | null; name: string; role: string };
  action: 'read' | 'add' | 'delete' | 'restore' | 'hide' | 'unhide';
  target: string;
  outcome: 'allowed' | 'denied';
  /** Why an allowed read was allowed (her own record, or the appointment that opened it). */
  reason?: string;
  created_at: string;
  /** How often it was tried: a signed-in account's refusals are one entry per hour with a count. */
  count?: number;
  last_at?: string;
}

/** Refused reads by people not signed in, one counter per address. */
export interface GuestRefusal {
  address: string;
  count: number;
  first_at: string;
  last_at: string;
}

/** What an add form sends: text fields, and the test result file. */
export type EntryValues = Record<string, string | File | undefined>;
