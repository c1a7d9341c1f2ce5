import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import type { AdminAuditTable, PendingProfileChangesTable, Role, UserStatus } from '../../db/schema.js';
import { reindexDoctorWordsIfNeeded } from '../doctors/search-words.js';
import { containsPattern } from '../shop/repository.js';

type Executor = Pick<DB, 'selectFrom' | 'updateTable' | 'insertInto' | 'deleteFrom'>;

const userColumns = [
  'id',
  'name',
  'email',
  'role',
  'status',
  'status_reason',
  'specialization',
  'pharmacy_name',
  'license_number',
  'pharmacy_license_number',
  'license_document',
  'created_at',
] as const;

const like = (column: string, text: string) => sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(text)} escape '\\'`;

/** The administrators' queries; which changes are allowed is decided in the service. */
export function adminRepository(db: DB) {
  return {
    /** One page of the doctors and pharmacists with a status, oldest application first, and how many there are. */
    async professionals(status: UserStatus, limit: number, offset: number) {
      const matching = db.selectFrom('users').where('role', 'in', ['doctor', 'pharmacist']).where('status', '=', status);
      const [rows, count] = await Promise.all([
        matching.select(userColumns).orderBy('created_at').orderBy('id').limit(limit).offset(offset).execute(),
        matching.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** One page of the accounts, newest first (q searches name, email and username), and how many match. */
    async users(q: string, limit: number, offset: number) {
      let matching = db.selectFrom('users');
      if (q) matching = matching.where((eb) => eb.or([like('name', q), like('email', q), like('username', q)]));
      const [rows, count] = await Promise.all([
        matching.select(userColumns).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        matching.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    findUser: (id: string) => db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst(),

    /**
     * Moves an account from one of `from` to `to` in one conditional statement, so two
     * administrators acting at once cannot both succeed; returns whether this call changed it.
     */
    async setStatus(trx: Executor, id: string, from: UserStatus[], to: UserStatus, reason: string, now: string, roles: Role[]) {
      const result = await trx
        .updateTable('users')
        .set({ status: to, status_reason: reason, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', from)
        .where('role', 'in', roles)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Professionals' changes of name, department or licence number waiting for review, oldest first. */
    pendingChanges: () =>
      db
        .selectFrom('pending_profile_changes as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(userColumns.map((column) => `u.${column}` as const))
        .select(['c.name as new_name', 'c.specialization as new_specialization', 'c.license_number as new_license_number'])
        .select(['c.pharmacy_license_number as new_pharmacy_license_number', 'c.requested_at'])
        .orderBy('c.requested_at')
        .limit(200)
        .execute(),
    findPendingChange: (userId: string) => db.selectFrom('pending_profile_changes').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    /**
     * Takes the change the administrator saw off the list, in one conditional statement: a second
     * decision, or a newer request sent meanwhile (another `requested_at`), finds nothing.
     */
    async takePendingChange(trx: Executor, change: PendingProfileChangesTable) {
      const result = await trx
        .deleteFrom('pending_profile_changes')
        .where('user_id', '=', change.user_id)
        .where('requested_at', '=', change.requested_at)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    /** Applies an approved change to the account (and the doctors' search words). */
    async applyChange(trx: DB, change: PendingProfileChangesTable, now: string) {
      const changes: Record<string, string> = {};
      if (change.name !== null) changes.name = change.name;
      if (change.specialization !== null) changes.specialization = change.specialization;
      if (change.license_number !== null) changes.license_number = change.license_number;
      if (change.pharmacy_license_number !== null) changes.pharmacy_license_number = change.pharmacy_license_number;
      await trx
        .updateTable('users')
        .set({ ...changes, updated_at: now })
        .where('id', '=', change.user_id)
        .execute();
      await reindexDoctorWordsIfNeeded(trx, change.user_id, changes);
    },

    endSessions: (trx: Executor, userId: string) => trx.deleteFrom('sessions').where('user_id', '=', userId).execute(),

    audit: (trx: Executor, row: AdminAuditTable) => trx.insertInto('admin_audit').values(row).execute(),

    auditPage: (limit: number, offset: number) =>
      db.selectFrom('admin_audit').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    async auditCount() {
      const row = await db
        .selectFrom('admin_audit')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    articles(q: string) {
      let query = db
        .selectFrom('blogs')
        .innerJoin('users', 'users.id', 'blogs.author_id')
        .select(['blogs.id', 'blogs.title', 'blogs.slug', 'blogs.unpublished', 'blogs.unpublished_reason', 'blogs.created_at', 'users.name as owner']);
      if (q) query = query.where(like('blogs.title', q));
      return query.orderBy('blogs.created_at', 'desc').limit(100).execute();
    },
    findArticle: (id: string) => db.selectFrom('blogs').select(['id', 'title', 'unpublished']).where('id', '=', id).executeTakeFirst(),
    async unpublishArticle(trx: Executor, id: string, reason: string, now: string) {
      const result = await trx
        .updateTable('blogs')
        .set({ unpublished: 1, unpublished_reason: reason, updated_at: now })
        .where('id', '=', id)
        .where('unpublished', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    products(q: string) {
      let query = db
        .selectFrom('products')
        .innerJoin('users', 'users.id', 'products.owner_id')
        .select([
          'products.id',
          'products.name as title',
          'products.slug',
          'products.deleted',
          'products.unpublished_reason',
          'products.created_at',
          'users.pharmacy_name as owner',
        ])
        // Products their pharmacist deleted are gone; those an administrator took down stay listed with the reason.
        .where((eb) => eb.or([eb('products.deleted', '=', 0), eb('products.unpublished_reason', '!=', '')]));
      if (q) query = query.where(like('products.name', q));
      return query.orderBy('products.created_at', 'desc').limit(100).execute();
    },
    findProduct: (id: string) => db.selectFrom('products').select(['id', 'name', 'deleted']).where('id', '=', id).executeTakeFirst(),
    /** Like the pharmacist's own delete: out of the catalogue and every cart, orders kept. */
    async unpublishProduct(trx: Executor, id: string, reason: string, now: string) {
      const result = await trx
        .updateTable('products')
        .set({ deleted: 1, unpublished_reason: reason, updated_at: now })
        .where('id', '=', id)
        .where('deleted', '=', 0)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom('cart_items').where('product_id', '=', id).execute();
      return true;
    },

    /** Rows since `since` for the dashboard, bucketed by day in the service. */
    bookingsSince: (since: string) =>
      db.selectFrom('appointments').select('updated_at as at').where('reserved', '=', 1).where('updated_at', '>=', since).execute(),
    ordersSince: (since: string) => db.selectFrom('orders').select('created_at as at').where('created_at', '>=', since).execute(),
    paymentsSince: (since: string) => db.selectFrom('payments').select(['created_at as at', 'amount_cents']).where('created_at', '>=', since).execute(),
    patientsSince: (since: string) =>
      db.selectFrom('users').select('created_at as at').where('role', '=', 'patient').where('created_at', '>=', since).execute(),
    async pendingCount() {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('role', 'in', ['doctor', 'pharmacist'])
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
