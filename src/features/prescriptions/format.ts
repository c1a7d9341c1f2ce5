import type { PrescriptionStatus } from './types';

export const statusBadge: Record<PrescriptionStatus, string> = { valid: 'text-bg-success', used: 'text-bg-secondary', expired: 'text-bg-warning' };
