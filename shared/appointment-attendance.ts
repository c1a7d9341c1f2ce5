/** What the doctor records after a slot's time: '' until then, then whether the patient came. */
export const ATTENDANCE_VALUES = ['', 'attended', 'no_show'] as const;
export type Attendance = (typeof ATTENDANCE_VALUES)[number];
