import type { ReactNode } from 'react';
import { i18n } from '../../i18n';
import { slotDay, slotTime } from '../../ui/clinicTime';
import { departmentName } from '../../ui/departments';
import type { AppointmentRequest } from './types';
import { DoctorName } from '../../ui/DoctorName';

/** "Tue, 15 Jan 2027 at 11:00 AM": the day and time she asked for (clinic time). */
export const preferredWhen = (r: AppointmentRequest) =>
  i18n.t('mine.when', { ns: 'appointments', day: slotDay(`${r.preferredDate}T12:00:00.000Z`), time: slotTime(r.preferredTime) });

/** Who or what the request is for; the doctor's Latin name keeps its own direction on Arabic pages. */
export const requestedWith = (r: AppointmentRequest): ReactNode =>
  r.doctor ? (
    <>
      <DoctorName name={r.doctor.name} /> ({departmentName(r.department)})
    </>
  ) : (
    i18n.t('mine.anyDoctor', { ns: 'appointments', department: departmentName(r.department) })
  );

/** A request's status badge: its colour, and its text in the current language. */
export const statusLabels: Record<AppointmentRequest['status'], { text: () => string; tone: string }> = {
  pending: { text: () => i18n.t('mine.status.pending', { ns: 'appointments' }), tone: 'bg-warning text-dark' },
  accepted: { text: () => i18n.t('mine.status.accepted', { ns: 'appointments' }), tone: 'bg-success' },
  declined: { text: () => i18n.t('mine.status.declined', { ns: 'appointments' }), tone: 'bg-secondary' },
};
