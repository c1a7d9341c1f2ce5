import type { PrescriptionStatus } from './types';

/** A prescription date as a person reads it (day, month, year). */
export const prescriptionDate = (iso: string) =>
  iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : '';

export const statusBadge: Record<PrescriptionStatus, string> = { valid: 'text-bg-success', used: 'text-bg-secondary', expired: 'text-bg-warning' };
