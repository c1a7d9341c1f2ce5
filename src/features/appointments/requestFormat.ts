import { slotDay, slotTime } from '../../ui/clinicTime';
import type { AppointmentRequest } from './types';

/** "Tue, 15 Jan 2027 at 11:00 AM": the day and time she asked for (clinic time). */
export const preferredWhen = (r: AppointmentRequest) => `${slotDay(`${r.preferredDate}T12:00:00.000Z`)} at ${slotTime(r.preferredTime)}`;

/** Who or what the request is for. */
export const requestedWith = (r: AppointmentRequest) => (r.doctor ? `${r.doctor.name} (${r.department})` : `${r.department}, any doctor`);

export const statusLabels: Record<AppointmentRequest['status'], { text: string; tone: string }> = {
  pending: { text: 'Waiting for an answer', tone: 'bg-warning text-dark' },
  accepted: { text: 'Accepted', tone: 'bg-success' },
  declined: { text: 'Declined', tone: 'bg-secondary' },
};
