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
}

export interface Education {
  _id: string;
  year: string;
  degree: string;
  school: string;
}

/** One slot on a doctor's page; `patient` is the holder's id and `chat` is given to the holder only. */
export interface AvailableDate {
  _id: string;
  date: string;
  time: string;
  startsAt?: string;
  timeZone?: string;
  reserved: boolean;
  patient: string | null;
  chat?: string | null;
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
