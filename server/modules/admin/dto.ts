import { z } from 'zod';
import { checked, formText, pageRule, pageSizeRule, refuse } from '../../lib/form-schema.js';
import { cleanField } from '../../lib/form-text.js';
import type { AdminAuditTable, UserStatus, UsersTable } from '../../db/schema.js';
import { ACCOUNT_STATUSES } from '../../../shared/account.js';
import { pendingChangeSchema, toPendingChange } from '../accounts/dto.js';

/** An account as the administrators' console lists it. */
export const adminUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  statusReason: z.string(),
  specialization: z.string(),
  pharmacyName: z.string(),
  licenseNumber: z.string(),
  pharmacyLicenseNumber: z.string(),
  /** The licence document, read through GET /api/admin/professionals/:id/license-document. */
  hasLicenseDocument: z.boolean(),
  created_at: z.string(),
});
export type AdminUserDto = z.infer<typeof adminUserSchema>;

type UserRow = Pick<
  UsersTable,
  | 'id'
  | 'name'
  | 'email'
  | 'role'
  | 'status'
  | 'status_reason'
  | 'specialization'
  | 'pharmacy_name'
  | 'license_number'
  | 'pharmacy_license_number'
  | 'license_document'
  | 'created_at'
>;

export const toAdminUser = (row: UserRow): AdminUserDto => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  status: row.status,
  statusReason: row.status_reason,
  specialization: row.specialization,
  pharmacyName: row.pharmacy_name,
  licenseNumber: row.license_number,
  pharmacyLicenseNumber: row.pharmacy_license_number,
  hasLicenseDocument: Boolean(row.license_document),
  created_at: row.created_at,
});

/** A professional's change of name, department or licence number waiting for review, beside the account as it is listed now. */
export const profileChangeSchema = z.object({
  user: adminUserSchema,
  change: pendingChangeSchema,
});
type ChangeRow = UserRow &
  Record<'new_name' | 'new_specialization' | 'new_license_number' | 'new_pharmacy_license_number', string | null> & { requested_at: string };
export const toProfileChange = (row: ChangeRow): z.infer<typeof profileChangeSchema> => ({
  user: toAdminUser(row),
  change: toPendingChange({
    user_id: row.id,
    name: row.new_name,
    specialization: row.new_specialization,
    license_number: row.new_license_number,
    pharmacy_license_number: row.new_pharmacy_license_number,
    requested_at: row.requested_at,
  }) as z.infer<typeof pendingChangeSchema>,
});

export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.object({ _id: z.string().nullable(), name: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  targetLabel: z.string(),
  reason: z.string(),
  created_at: z.string(),
});

export const toAuditEntry = (row: AdminAuditTable): z.infer<typeof auditEntrySchema> => ({
  _id: row.id,
  actor: { _id: row.actor_id, name: row.actor_name },
  action: row.action,
  targetType: row.target_type,
  targetId: row.target_id,
  targetLabel: row.target_label,
  reason: row.reason,
  created_at: row.created_at,
});

/** An article or product in the console's content list. */
export const contentItemSchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  owner: z.string(),
  published: z.boolean(),
  unpublishedReason: z.string(),
  created_at: z.string(),
});

export const periodSchema = z.object({ bookings: z.number(), orders: z.number(), revenueCents: z.number(), newPatients: z.number() });
export const statsSchema = z.object({
  timeZone: z.string(),
  today: periodSchema,
  month: periodSchema,
  pending: z.number(),
  /** The last 14 days in the clinic's time zone, oldest first: what the dashboard chart draws. */
  daily: z.array(z.object({ date: z.string(), bookings: z.number(), orders: z.number(), revenueCents: z.number() })),
});

/** A reason an administrator must give (the person concerned reads it), for `what` she does. */
const reasonFor = (what: string) =>
  z.object({
    reason: formText
      .optional()
      .transform((value, ctx) => {
        const reason = cleanField(value).replace(/\s+/g, ' ');
        if (!reason) return refuse(ctx, `Please give the reason for ${what}; the person concerned will read it`);
        if (reason.length > 500) return refuse(ctx, 'The reason must be at most 500 characters');
        return reason;
      })
      .describe('Why (at most 500 characters; the person concerned reads it)'),
  });
export const rejectBody = reasonFor('rejecting the application');
export const rejectChangeBody = reasonFor('rejecting the change');
export const suspendBody = reasonFor('suspending the account');
export const unpublishBody = { blog: reasonFor('unpublishing the article'), product: reasonFor('unpublishing the product') };

/** The paging of the console's account lists: `page` from 1 and `limit` accounts a page (50 unless asked, at most 100). */
export const accountsPerPage = 50;
const paging = {
  page: checked(pageRule()).describe('From 1 (the default)'),
  limit: checked(pageSizeRule(accountsPerPage, 100)).describe(`Accounts a page: 1 to 100 (${accountsPerPage} by default)`),
};
export const pageOfAccounts = { page: z.number(), pages: z.number(), total: z.number(), limit: z.number() };

/** `GET admin/professionals?status=&page=&limit=`: one of the account statuses, pending when none is named. */
export const professionalsQuery = z.object({
  ...paging,
  status: checked((text, ctx): UserStatus => {
    const status = (text || 'pending') as UserStatus;
    return ACCOUNT_STATUSES.includes(status) ? status : refuse(ctx, 'The status must be pending, approved, rejected or suspended');
  }).describe('pending (the default), approved, rejected or suspended'),
});

/** `GET admin/audit?page=`: a page number from 1 (1 when none is named). */
export const auditQuery = z.object({ page: checked(pageRule()).describe('From 1 (the default)') });

/** The search box of the admin lists: its first 100 characters, '' for no search. */
const searchText = checked((text) => text.slice(0, 100)).describe('Searched text (the first 100 characters count)');
export const searchQuery = z.object({ q: searchText });
/** `GET admin/users?q=&page=&limit=`: the search, paged. */
export const usersQuery = z.object({ q: searchText, ...paging });
