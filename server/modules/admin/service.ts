import type { Role, UserStatus } from '../../db/schema.js';
import { clinicTimeToUtc, utcToClinicTime } from '../../lib/clinic-time.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { allowRoles, type Viewer } from '../../plugins/auth.js';
import { disconnectAccount } from '../../realtime/rooms.js';
import type { App } from '../../types.js';
import { deliverNotifications, recordNotifications, type NotificationInput } from '../notifications/service.js';
import { accountsService } from '../accounts/service.js';
import { missingForApproval } from '../accounts/fields.js';
import { toAdminUser, toAuditEntry, toProfileChange } from './dto.js';
import { adminRepository } from './repository.js';

const auditPageSize = 50;

/** Where a page stands in its list: the page asked for, how many there are, and its size. */
const pageInfo = (page: number, limit: number, total: number) => ({ page, pages: Math.max(1, Math.ceil(total / limit)), total, limit });
const chartDays = 14;
const professionalRoles: Role[] = ['doctor', 'pharmacist'];

/**
 * What administrators do: approve or reject professionals, suspend and reinstate accounts,
 * unpublish articles and products, and read the dashboard. Every change and its audit entry are
 * written in one transaction, so no action happens unrecorded.
 */
/** What a professional is told when her application is decided; other actions tell nobody here. */
function reviewNotice(userId: string, action: string, reason: string): NotificationInput[] {
  if (action === 'approve') {
    return [
      {
        userId,
        event: 'account_reviewed',
        title: 'Your account is approved',
        body: 'You are listed now and can use everything your role allows.',
        link: '/settings/profile',
        message: { key: 'account_approved' },
      },
    ];
  }
  if (action === 'reject') {
    return [
      {
        userId,
        event: 'account_reviewed',
        title: 'Your application was rejected',
        body: `The reason: ${reason}`,
        link: '/settings/profile',
        message: { key: 'account_rejected', reason },
      },
    ];
  }
  return [];
}

/** What a professional is told when her change of name, department or licence number is decided. */
function changeNotice(userId: string, approved: boolean, reason: string): NotificationInput[] {
  return [
    approved
      ? {
          userId,
          event: 'account_reviewed',
          title: 'Your profile change is approved',
          body: 'You are listed under your new name, department or licence number now.',
          link: '/settings/profile',
          message: { key: 'profile_change_approved' },
        }
      : {
          userId,
          event: 'account_reviewed',
          title: 'Your profile change was rejected',
          body: `You stay listed as before. The reason: ${reason}`,
          link: '/settings/profile',
          message: { key: 'profile_change_rejected', reason },
        },
  ];
}

export function adminService(app: App) {
  const repo = adminRepository(app.db);
  const accounts = accountsService(app);
  const zone = app.config.clinicTimeZone;

  async function userOr404(id: string) {
    const user = isId(id) ? await repo.findUser(id) : undefined;
    if (!user) throw notFound('There is no such account');
    return user;
  }

  /** Changes a status and writes the audit entry together; refuses with 409 when the account is not in a `from` state. */
  async function transition(
    admin: Viewer,
    id: string,
    change: { from: UserStatus[]; to: UserStatus; roles: Role[]; action: string; reason: string; refusal: string },
  ) {
    const user = await userOr404(id);
    const now = nowIso();
    const changed = await app.db.transaction().execute(async (trx) => {
      if (!(await repo.setStatus(trx, user.id, change.from, change.to, change.reason, now, change.roles))) return null;
      if (change.to === 'suspended') await repo.endSessions(trx, user.id);
      await repo.audit(trx, {
        id: newId(),
        actor_id: admin.id,
        actor_name: admin.name,
        action: change.action,
        target_type: 'user',
        target_id: user.id,
        target_label: `${user.name} (${user.role})`,
        reason: change.reason,
        created_at: now,
      });
      return recordNotifications(trx, reviewNotice(user.id, change.action, change.reason));
    });
    if (!changed) throw conflict(change.refusal.replace('{status}', user.status));
    void deliverNotifications(app, changed);
    return { ...user, status: change.to, status_reason: change.reason };
  }

  /** The clinic's calendar day of an instant, and the UTC instant a clinic day starts. */
  const clinicDay = (iso: string) => utcToClinicTime(new Date(iso), zone).date;
  const dayStart = (date: string) => clinicTimeToUtc(date, '00:00', zone).toISOString();

  return {
    async professionals(admin: Viewer, { status, page, limit }: { status: UserStatus; page: number; limit: number }) {
      allowRoles(admin, 'admin');
      const { rows, total } = await repo.professionals(status, limit, (page - 1) * limit);
      return { professionals: rows.map(toAdminUser), ...pageInfo(page, limit, total) };
    },

    async approve(admin: Viewer, id: string) {
      allowRoles(admin, 'admin');
      // A licence the clinic has not seen cannot be approved (the sign-up may come without one).
      const missing = missingForApproval(await userOr404(id));
      if (missing) throw conflict(missing);
      const user = await transition(admin, id, {
        from: ['pending', 'rejected'],
        to: 'approved',
        roles: professionalRoles,
        action: 'approve',
        reason: '',
        refusal: 'Only pending or rejected doctors and pharmacists can be approved (this account is {status})',
      });
      return { message: `${user.name} is approved`, user: toAdminUser(user) };
    },

    async reject(admin: Viewer, id: string, reason: string) {
      allowRoles(admin, 'admin');
      const user = await transition(admin, id, {
        from: ['pending'],
        to: 'rejected',
        roles: professionalRoles,
        action: 'reject',
        reason,
        refusal: 'Only pending applications can be rejected (this account is {status})',
      });
      return { message: `${user.name}'s application is rejected`, user: toAdminUser(user) };
    },

    async profileChanges(admin: Viewer) {
      allowRoles(admin, 'admin');
      return { changes: (await repo.pendingChanges()).map(toProfileChange) };
    },

    /**
     * Decides a professional's change of name, department or licence number: approved, the account is
     * listed and acts under the new values from now on (a new name is checked again against the names
     * registered since it was asked for); rejected, it stays as it was. Audited and told to her.
     */
    async decideChange(admin: Viewer, id: string, decision: { approve: true } | { approve: false; reason: string }) {
      allowRoles(admin, 'admin');
      const user = await userOr404(id);
      const change = await repo.findPendingChange(user.id);
      if (!change) throw conflict(`${user.name} has no change waiting for review`);
      if (decision.approve && change.name !== null) await accounts.checkName(change.name, user.role, user.id);
      const reason = decision.approve ? '' : decision.reason;
      const now = nowIso();
      const notices = await app.db.transaction().execute(async (trx) => {
        if (!(await repo.takePendingChange(trx, change))) return null;
        if (decision.approve) await repo.applyChange(trx, change, now);
        await repo.audit(trx, {
          id: newId(),
          actor_id: admin.id,
          actor_name: admin.name,
          action: decision.approve ? 'approve-change' : 'reject-change',
          target_type: 'user',
          target_id: user.id,
          target_label: `${user.name} (${user.role})`,
          reason,
          created_at: now,
        });
        return recordNotifications(trx, changeNotice(user.id, decision.approve, reason));
      });
      if (!notices) throw conflict(`${user.name}'s change was decided or changed meanwhile; please look at the list again`);
      void deliverNotifications(app, notices);
      const updated = (await repo.findUser(user.id)) ?? user;
      return {
        message: decision.approve ? `${updated.name}'s change is approved` : `${user.name}'s change is rejected`,
        user: toAdminUser(updated),
      };
    },

    async users(admin: Viewer, { q, page, limit }: { q: string; page: number; limit: number }) {
      allowRoles(admin, 'admin');
      const { rows, total } = await repo.users(q, limit, (page - 1) * limit);
      return { users: rows.map(toAdminUser), ...pageInfo(page, limit, total) };
    },

    /** Suspends an approved account: its sessions and chat sockets end at once, on every instance. */
    async suspend(admin: Viewer, id: string, reason: string) {
      allowRoles(admin, 'admin');
      if (id === admin.id) throw badRequest('You cannot suspend your own account');
      const user = await transition(admin, id, {
        from: ['approved'],
        to: 'suspended',
        roles: ['patient', 'doctor', 'pharmacist'],
        action: 'suspend',
        reason,
        refusal: 'Only approved patients, doctors and pharmacists can be suspended (this account is {status})',
      });
      // After the commit: the account's sockets end on every process (each socket acting for it is in its room).
      disconnectAccount(app, user.id);
      return { message: `${user.name} is suspended`, user: toAdminUser(user) };
    },

    async reinstate(admin: Viewer, id: string) {
      allowRoles(admin, 'admin');
      const user = await transition(admin, id, {
        from: ['suspended'],
        to: 'approved',
        roles: ['patient', 'doctor', 'pharmacist'],
        action: 'reinstate',
        reason: '',
        refusal: 'Only suspended accounts can be reinstated (this account is {status})',
      });
      return { message: `${user.name} is reinstated`, user: toAdminUser(user) };
    },

    /** The licence document of a professional, for reviewing the application; the read is audited. */
    async licenseDocument(admin: Viewer, id: string) {
      allowRoles(admin, 'admin');
      const user = await userOr404(id);
      const found = user.license_document ? app.privateFiles.locate(user.license_document) : null;
      if (!found) throw notFound('This account has no licence document');
      await repo.audit(app.db, {
        id: newId(),
        actor_id: admin.id,
        actor_name: admin.name,
        action: 'view-licence',
        target_type: 'user',
        target_id: user.id,
        target_label: `${user.name} (${user.role})`,
        reason: '',
        created_at: nowIso(),
      });
      return { stream: app.privateFiles.open(user.license_document), contentType: found.contentType };
    },

    /** The moderation list of articles or products: an article is published unless taken down, a product unless deleted. */
    async contentItems(admin: Viewer, kind: 'blog' | 'product', text: string) {
      allowRoles(admin, 'admin');
      const rows =
        kind === 'blog'
          ? (await repo.articles(text)).map((r) => ({ ...r, hidden: r.unpublished }))
          : (await repo.products(text)).map((r) => ({ ...r, hidden: r.deleted }));
      return {
        items: rows.map((r) => ({
          _id: r.id,
          title: r.title,
          slug: r.slug,
          owner: r.owner,
          published: Number(r.hidden) === 0,
          unpublishedReason: r.unpublished_reason ?? '',
          created_at: r.created_at,
        })),
      };
    },

    async unpublish(admin: Viewer, kind: 'blog' | 'product', id: string, reason: string) {
      allowRoles(admin, 'admin');
      const item = isId(id) ? await (kind === 'blog' ? repo.findArticle(id) : repo.findProduct(id)) : undefined;
      if (!item) throw notFound(kind === 'blog' ? 'There is no such article' : 'There is no such product');
      const label = 'title' in item ? item.title : item.name;
      const now = nowIso();
      const changed = await app.db.transaction().execute(async (trx) => {
        const done = kind === 'blog' ? await repo.unpublishArticle(trx, item.id, reason, now) : await repo.unpublishProduct(trx, item.id, reason, now);
        if (!done) return false;
        await repo.audit(trx, {
          id: newId(),
          actor_id: admin.id,
          actor_name: admin.name,
          action: 'unpublish',
          target_type: kind,
          target_id: item.id,
          target_label: label,
          reason,
          created_at: now,
        });
        return true;
      });
      if (!changed) throw conflict(`"${label}" is not published`);
      return { message: `"${label}" is unpublished` };
    },

    async audit(admin: Viewer, page: number) {
      allowRoles(admin, 'admin');
      const [rows, total] = await Promise.all([repo.auditPage(auditPageSize, (page - 1) * auditPageSize), repo.auditCount()]);
      return { entries: rows.map(toAuditEntry), page, pages: Math.max(1, Math.ceil(total / auditPageSize)), total };
    },

    /** Today's and this month's figures in the clinic's time zone, and the last 14 days for the chart. */
    async stats(admin: Viewer) {
      allowRoles(admin, 'admin');
      const now = new Date();
      const today = clinicDay(now.toISOString());
      const days = Array.from({ length: chartDays }, (_, i) => clinicDay(new Date(now.getTime() - (chartDays - 1 - i) * 86_400_000).toISOString()));
      const monthStart = dayStart(`${today.slice(0, 8)}01`);
      const since = [dayStart(days[0]), monthStart].sort()[0];
      const [bookings, orders, payments, patients, pending] = await Promise.all([
        repo.bookingsSince(since),
        repo.ordersSince(since),
        repo.paymentsSince(since),
        repo.patientsSince(since),
        repo.pendingCount(),
      ]);
      const period = (inPeriod: (day: string) => boolean) => ({
        bookings: bookings.filter((r) => inPeriod(clinicDay(r.at))).length,
        orders: orders.filter((r) => inPeriod(clinicDay(r.at))).length,
        revenueCents: payments.filter((r) => inPeriod(clinicDay(r.at))).reduce((sum, r) => sum + Number(r.amount_cents), 0),
        newPatients: patients.filter((r) => inPeriod(clinicDay(r.at))).length,
      });
      const month = today.slice(0, 7);
      return {
        timeZone: zone,
        today: period((d) => d === today),
        month: period((d) => d.startsWith(month)),
        pending,
        daily: days.map((date) => {
          const p = period((d) => d === date);
          return { date, bookings: p.bookings, orders: p.orders, revenueCents: p.revenueCents };
        }),
      };
    },
  };
}
