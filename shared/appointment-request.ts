/** What the appointment request form sends; every field is text and may be missing. Read by the server and the web app. */
export interface RequestForm {
  name: string;
  email: string;
  phone: string;
  department: string;
  doctor: string;
  date: string;
  time: string;
  reason: string;
}

/** A request waits for reception, then is accepted into a slot or declined with a reason. */
export const REQUEST_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
