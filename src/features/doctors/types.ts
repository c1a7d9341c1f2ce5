import type { Slot } from '../appointments';

/** A doctor as listed on /doctors. */
export interface DoctorSummary {
  _id: string;
  name: string;
  image: string;
  specialization: string;
  gender?: string;
  rate?: number;
  ratings?: number;
  alter?: string;
  /** The earliest free slot that has not begun (ISO, UTC), or null; given by search results. */
  nextSlot?: string | null;
  /** Consultation fee in the shop's currency; 0 when not given. */
  fee?: number;
}

export type DoctorSort = 'nextSlot' | 'rating' | 'name';

/** What the /doctors page searches for; it lives in the page address. */
export interface DoctorSearch {
  q: string;
  /** A department, or '' for all. */
  specialization: string;
  gender: '' | 'male' | 'female';
  sort: DoctorSort;
  page: number;
}

export interface DoctorSearchPage {
  doctors: DoctorSummary[];
  total: number;
  page: number;
  pages: number;
  timeZone?: string;
}

export interface Education {
  _id: string;
  year: string;
  degree: string;
  school: string;
}

/** One slot on a doctor's page; `patient` is the holder's id and `chat` is given to the holder only. */
export interface AvailableDate extends Slot {
  patient: string | null;
  chat?: string | null;
  /** Held for a waitlisted patient until this time; `heldForYou` when that is the visitor. */
  heldUntil?: string | null;
  heldForYou?: boolean;
}

/** The visitor's place on a doctor's waiting list. */
export interface WaitlistStatus {
  joined: boolean;
  position: number | null;
  offer: { slot: string; until: string } | null;
}

export interface DoctorDetail extends DoctorSummary {
  phone: string;
  officeNumber: string;
  email: string;
  address: string;
  government: string;
  country: string;
  aboutDoctor: string;
  education: Education[];
  availableDates: AvailableDate[];
  /** Written ratings, newest first, without who wrote them. */
  reviews?: Review[];
}

export interface Review {
  rate: number;
  comment: string;
  date: string;
}
