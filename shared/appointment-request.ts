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
