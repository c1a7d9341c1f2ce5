import type { PendingProfileChange } from '../../../shared/account';
import type { AccountStatus } from '../session';

/** An account as GET /api/admin/users and /api/admin/professionals return it. */
export interface AdminUser {
  _id: string;
  name: string;
  email: string;
  role: string;
  status: AccountStatus;
  statusReason: string;
  specialization: string;
  pharmacyName: string;
  licenseNumber: string;
  pharmacyLicenseNumber: string;
  hasLicenseDocument: boolean;
  created_at: string;
}

/** A change as GET /api/admin/profile-changes lists it: the account as it is listed now, and the change. */
export interface ProfileChange {
  user: AdminUser;
  change: PendingProfileChange;
}

export interface ContentItem {
  _id: string;
  title: string;
  slug: string;
  owner: string;
  published: boolean;
  unpublishedReason: string;
  created_at: string;
}

export interface AuditEntry {
  _id: string;
  actor: { _id: string | null; name: string };
  action: string;
  targetType: string;
  targetId: string;
  targetLabel: string;
  reason: string;
  created_at: string;
}

export interface Period {
  bookings: number;
  orders: number;
  revenueCents: number;
  newPatients: number;
}

export interface Stats {
  timeZone: string;
  today: Period;
  month: Period;
  pending: number;
  daily: Array<{ date: string; bookings: number; orders: number; revenueCents: number }>;
}
