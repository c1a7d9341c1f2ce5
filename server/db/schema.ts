import type { ColumnType } from 'kysely';
import type { AccountDetails, AccountStatus, Role } from '../../shared/account.js';
import type { AllergySeverity } from '../../shared/allergy-severity.js';
import type { Attendance } from '../../shared/appointment-attendance.js';
import type { RequestStatus } from '../../shared/appointment-request.js';
import type { PrescribedMedicine } from '../../shared/prescription.js';

/**
 * The tables as Kysely sees them. Booleans are stored as 0/1 integers and timestamps as ISO
 * strings, so one set of migrations and queries serves SQLite and PostgreSQL alike. Money is
 * stored in cents.
 */
export type { Role };
export type UserStatus = AccountStatus;
export type Flag = 0 | 1;

export interface UsersTable extends AccountDetails {
  id: string;
  role: Role;
  password_hash: string;
  pharmacy_name: string;
  pharmacy_location: string;
  working_date: string;
  office_number: string;
  status: UserStatus;
  /** Why an application was rejected or an account suspended; the person sees it. */
  status_reason: string;
  license_number: string;
  pharmacy_license_number: string;
  /** A stored private file name (never under /uploads); only the owner and administrators read it. */
  license_document: string;
  created_at: string;
  updated_at: string;
}

/**
 * A doctor's consultation fee in cents, 0 when not given. Kept apart from UsersTable so code that
 * writes whole user rows need not know it: the column defaults to 0.
 */
/** The language the portal writes to her in; kept apart from UsersTable like the fee, defaulting to 'en'. */
export interface UserLanguageColumn {
  language: ColumnType<Language, Language | undefined, Language>;
}

/** The languages the portal writes in. */
export type Language = 'en' | 'ar';

export interface DoctorFeeColumn {
  fee_cents: ColumnType<number, number | undefined, number>;
}

/**
 * What doctor search sorts by, kept in step by triggers on appointments and ratings (migration
 * 2026-11-25-210): the earliest free slot that had not begun when last computed, and the rating.
 * Written only by those triggers and the search's refresh of passed slots.
 */
export interface DoctorSearchColumns {
  next_free_at: ColumnType<string | null, never, string | null>;
  rating_avg: ColumnType<number, never, never>;
  rating_count: ColumnType<number, never, never>;
}

/** A doctor's folded name and department words, one row per word (see modules/doctors/search-words.ts). */
export interface DoctorSearchWordsTable {
  word: string;
  doctor_id: string;
}

export interface SessionsTable {
  jti: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** The browser that signed in, shown in the sessions list. */
  user_agent: string;
  ip: string;
}

/** Absent for accounts made before verification existed (they count as verified). */
export interface AccountSecurityTable {
  user_id: string;
  email_verified: Flag;
  /** The TOTP secret (base32) once two-factor sign-in is on. */
  mfa_secret: string | null;
  /** A secret shown in settings but not yet confirmed with a code. */
  mfa_pending_secret: string | null;
  /** The last accepted TOTP time step: a code is accepted once. */
  mfa_last_step: number | null;
  /** Tries of the two-factor step in the window that began at `mfa_failures_since`, less the right ones. */
  mfa_failures: ColumnType<number, number | undefined, number>;
  mfa_failures_since: ColumnType<string | null, string | null | undefined, string | null>;
  /** Every code is refused until then (after too many wrong ones). */
  mfa_locked_until: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: string;
}

export type AccountTokenPurpose = 'verify_email' | 'change_email' | 'reset_password' | 'mfa_login';

/** One-time secrets; the row holds the SHA-256 of what was sent, never the secret. */
export interface AccountTokensTable {
  id: string;
  user_id: string;
  purpose: AccountTokenPurpose;
  new_email: string | null;
  attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface MfaRecoveryCodesTable {
  code_hash: string;
  user_id: string;
  created_at: string;
  used_at: string | null;
}

export interface LoginAttemptsTable {
  key: string;
  window_start: string;
  count: number;
}

export interface DoctorEducationTable {
  id: string;
  doctor_id: string;
  year: string;
  degree: string;
  school: string;
  position: number;
}

export interface AppointmentsTable {
  id: string;
  doctor_id: string;
  /** The slot's start as an ISO datetime in UTC. */
  starts_at: string;
  /** The time of day as the doctor entered it, in the clinic's time zone (HH:MM). */
  time: string;
  reserved: Flag;
  patient_id: string | null;
  /** What the doctor recorded after the slot's time: '' (not yet), 'attended' or 'no_show'; may be left out on insert. */
  attendance: ColumnType<Attendance, Attendance | undefined, Attendance>;
  /** A freed slot offered to a waitlisted patient is held for her until `held_until`; may be left out on insert. */
  held_for: ColumnType<string | null, string | null | undefined, string | null>;
  held_until: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** One calendar event per reservation: same UID when moved, a growing sequence, kept when cancelled. */
export interface CalendarEntriesTable {
  uid: string;
  /** The slot it is on now (no foreign key: a deleted slot's entry still answers with a cancellation). */
  appointment_id: string;
  patient_id: string;
  doctor_id: string;
  starts_at: string;
  sequence: number;
  cancelled_at: string | null;
  cancel_reason: string;
  created_at: string;
  updated_at: string;
}

/** A patient waiting for a slot of a doctor; `offered_slot_id` while a freed slot is held for her. */
export interface WaitlistEntriesTable {
  id: string;
  doctor_id: string;
  patient_id: string;
  offered_slot_id: string | null;
  offer_expires_at: string | null;
  created_at: string;
}

export type { Attendance };

/** A patient who holds or held a reservation with a doctor: the basis of ratings and history access. */
export interface CareRelationsTable {
  doctor_id: string;
  patient_id: string;
  first_reserved_at: string;
}

export interface RatingsTable {
  doctor_id: string;
  patient_id: string;
  rate: number;
  /** The patient's optional words with the stars, plain text, shown on the doctor's profile; may be left out on insert. */
  comment: ColumnType<string, string | undefined, string>;
  updated_at: string;
}

export interface CategoriesTable {
  id: string;
  name: string;
  slug: string;
  parent_id: string | null;
  position: number;
}

export interface ProductsTable {
  id: string;
  slug: string;
  name: string;
  price_cents: number;
  quantity: number;
  thumbnail: string;
  about: string;
  description: string;
  indications: string;
  side_effects: string;
  contraindications: string;
  category_id: string | null;
  owner_id: string;
  /** The maker's brand ("Panadol"); '' when none. */
  brand: string;
  /** JSON array of active ingredient names, for the prescription safety check; optional on insert. */
  active_ingredients?: string;
  /** Sold only against a valid prescription of the buyer's that covers it; optional on insert. */
  prescription_only?: Flag;
  deleted: Flag;
  /** Set when an administrator took the product down (it is then also `deleted`); optional on insert. */
  unpublished_reason?: string;
  created_at: string;
  updated_at: string;
}

export interface ProductPhotosTable {
  id: string;
  product_id: string;
  url: string;
  position: number;
}

export interface CartItemsTable {
  id: string;
  user_id: string;
  product_id: string;
  quantity: number;
  /** The product's price when the line was last put in the cart (null for older lines); optional on insert. */
  price_cents?: number | null;
  created_at: string;
  updated_at: string;
}

export interface CheckoutsTable {
  id: string;
  user_id: string;
  idempotency_key: string;
  /** 'confirming': the card may have been charged; the sweeper asks the provider and settles it. */
  status: 'pending' | 'confirming' | 'paid' | 'declined' | 'failed';
  message: string;
  amount_cents: number;
  currency: string;
  payment_id: string | null;
  /** Fingerprint of the cart the checkout was made from. */
  cart_key: string;
  /** HTTP status of the outcome, replayed when the same key is sent again (0 while pending). */
  status_code: number;
  /** JSON of OrderDetails (card summary and delivery address), for settling without the buyer's request. */
  order_details: string;
  /** JSON of the safety warnings the buyer acknowledged ('' for none); optional on insert. */
  safety_ack?: string;
  /** Fingerprint of the address and expected total sent with the key ('' before it was kept); optional on insert. */
  request_fingerprint?: string;
  created_at: string;
  updated_at: string;
}

/** What a checkout reserved: released if the charge fails, turned into orders if it succeeds. */
export interface CheckoutItemsTable {
  id: string;
  checkout_id: string;
  product_id: string;
  seller_id: string;
  product_name: string;
  quantity: number;
  price_cents: number;
  /** The prescription line this purchase is bought against (prescription-only products). */
  prescription_line_id?: string | null;
}

export interface PaymentsTable {
  id: string;
  user_id: string;
  checkout_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  amount_cents: number;
  currency: string;
  provider: string;
  provider_ref: string;
  /** The number the buyer sees for this checkout and all its order lines (CP + 8 letters/digits). */
  order_number: string;
  created_at: string;
}

export interface OrdersTable {
  id: string;
  user_id: string;
  payment_id: string;
  product_id: string;
  seller_id: string;
  product_name: string;
  quantity: number;
  price_cents: number;
  currency: string;
  delivery_status: 'pending' | 'shipped' | 'delivered' | 'cancelled';
  location: string;
  country: string;
  government: string;
  /** The prescription line this order was bought against; optional on insert. */
  prescription_line_id?: string | null;
  /** JSON of the safety warnings the buyer acknowledged at checkout ('' for none). */
  safety_ack?: string;
  /** Why the pharmacist refused the order ('' unless refused). */
  refusal_reason?: string;
  created_at: string;
  updated_at: string;
}

/** One status change of an order line, for the order page's timeline. */
export interface OrderEventsTable {
  id: string;
  order_id: string;
  status: OrdersTable['delivery_status'];
  actor_role: 'patient' | 'pharmacist';
  created_at: string;
}

/** Money sent back for cancelled lines; 'pending' until the provider confirms, then 'refunded'. */
export interface RefundsTable {
  id: string;
  payment_id: string;
  amount_cents: number;
  status: 'pending' | 'refunded';
  provider_ref: string;
  created_at: string;
  updated_at: string;
}

/** A mail not yet handed to the mail server (see server/mail/queue.ts). */
export interface MailQueueTable {
  id: string;
  /** What the message is about (`verify_email:<user id>`), so a newer one can replace it; '' for most. */
  about: string;
  /** The message as JSON, sealed with DATA_ENCRYPTION_KEY (it may hold a one-time link). */
  message: string;
  attempts: number;
  next_attempt_at: string;
  /** Set while one instance hands it over, so no other sends it at the same time. */
  claimed_until: string | null;
  last_error: string;
  created_at: string;
}

/** The card sandbox's record of what it did, by idempotency key (a provider's side, not the app's). */
export interface SandboxLedgerTable {
  idempotency_key: string;
  kind: 'charge' | 'refund';
  /** A charge: 'approved' or 'declined'; a refund: 'refunded'. */
  status: 'approved' | 'declined' | 'refunded';
  reference: string;
  /** Why a charge was declined ('' otherwise). */
  message: string;
  amount_cents: number;
  /** A refund: the reference of the charge it pays back ('' for a charge). */
  charge_reference: string;
  created_at: string;
}

export interface BlogCategoriesTable {
  id: string;
  name: string;
  slug: string;
}

export interface BlogsTable {
  id: string;
  slug: string;
  title: string;
  content: string;
  thumbnail: string;
  category_id: string;
  author_id: string;
  keywords: string;
  /** Taken down by an administrator: gone from every public list and page (optional on insert: defaults to 0). */
  unpublished?: Flag;
  unpublished_reason?: string;
  created_at: string;
  updated_at: string;
}

export interface SlidesTable {
  id: string;
  image: string;
  title: string;
  description: string;
  link: string;
  text_on_link: string;
  /** The Arabic texts; '' where none was written (Arabic readers then get the English). */
  title_ar: ColumnType<string, string | undefined, string>;
  description_ar: ColumnType<string, string | undefined, string>;
  text_on_link_ar: ColumnType<string, string | undefined, string>;
  position: number;
}

export interface MenusTable {
  id: string;
  name: string;
  description: string;
  description_ar: ColumnType<string, string | undefined, string>;
}

export interface MenuItemsTable {
  id: string;
  menu_id: string;
  title: string;
  title_ar: ColumnType<string, string | undefined, string>;
  link: string;
  icon: string;
  position: number;
}

export interface ChatsTable {
  id: string;
  /** The patient: chats are created patient to doctor when a slot is reserved. */
  sender_id: string;
  /** The doctor. */
  receiver_id: string;
  last_message: string;
  created_at: string;
  updated_at: string;
}

export interface MessagesTable {
  id: string;
  chat_id: string;
  sender_id: string;
  content: string;
  created_at: string;
}

export interface ChatReadsTable {
  chat_id: string;
  user_id: string;
  read_at: string;
}

export interface HistoriesTable {
  id: string;
  patient_id: string;
  current_state: string;
  blood_type: string;
  pregnancy: Flag;
  height: string;
  weight: string;
  created_at: string;
  updated_at: string;
}

interface HistoryEntry {
  id: string;
  history_id: string;
  created_at: string;
  /** Who wrote the entry; null for entries older than authorship (all self-reported) or a deleted account. */
  author_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when the patient wrote it herself; 0 when a doctor with a care relation did. */
  self_reported: ColumnType<Flag, Flag | undefined, Flag>;
  /** Set when the patient hid a doctor's entry from her own view; doctors and the log still see it. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when the patient removed her own entry; it can be restored for a short while, then it is purged. */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface HistoryMedicinesTable extends HistoryEntry {
  medicine: string;
  date: string;
  /** The prescription this medicine was written on; absent for entries the patient added. */
  prescription_id?: string | null;
}

/** A doctor's prescription for a patient, checked by its code. */
export interface PrescriptionsTable {
  id: string;
  code: string;
  patient_id: string;
  doctor_id: string;
  issued_at: string;
  /** The last moment it can be used (ISO). */
  valid_until: string;
  notes: string;
  /** JSON of the safety warnings the doctor acknowledged ('' for none). */
  safety_ack: string;
  created_at: string;
}

/** One medicine of a prescription: a catalogue product or free text. */
export interface PrescriptionLinesTable extends PrescribedMedicine {
  id: string;
  prescription_id: string;
  position: number;
  product_id: string | null;
}
export interface HistoryDiagnosesTable extends HistoryEntry {
  diagnosis: string;
  notes: string;
  /** No longer written: a patient could name any doctor here. Kept for old rows, cleared by migration 220. */
  doctor_id: string | null;
  /** Self-reported: who told her ("Dr Hassan at the city clinic"), free text that makes no doctor its author. */
  told_by: ColumnType<string, string | undefined, string>;
  /** Self-reported: the approved doctor she named as having told her (never the entry's author); migration 150. */
  told_by_doctor_id: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface HistoryChronicDiseasesTable extends HistoryEntry {
  diagnosis: string;
  date: string;
  cured: Flag;
}
export interface HistoryGeneticDiseasesTable extends HistoryEntry {
  disease: string;
  injured: string;
  cured: Flag;
}
export interface HistorySurgeriesTable extends HistoryEntry {
  name: string;
  date: string;
}
export interface HistoryContinuousMedicationsTable extends HistoryEntry {
  medicine: string;
  dose: string;
}
/** Something that happened to a person, kept until she has read it. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  /** One of `notificationEvents` (server/modules/notifications/events.ts). */
  event: string;
  title: string;
  body: string;
  /** A path inside the portal, such as /orders/PO-1234; empty when there is nothing to open. */
  link: string;
  /** JSON of a NotificationMessage (key and facts), worded at read time; null on older rows. */
  message?: string | null;
  read_at: string | null;
  created_at: string;
}

/** A person's choice whether an event also comes by email; without a row the event's default applies. */
export interface NotificationPreferencesTable {
  user_id: string;
  event: string;
  email: Flag;
  updated_at: string;
}

export type ScheduledJobKind = 'reminder_24h' | 'reminder_2h' | 'rating_prompt';
export type ScheduledJobStatus = 'pending' | 'done' | 'skipped' | 'cancelled';
/**
 * Work due at a set time, stored so it survives restarts; an instance claims a due job by moving it
 * out of `pending` with a conditional update, in the same transaction as what the job writes.
 */
export interface ScheduledJobsTable {
  id: string;
  kind: ScheduledJobKind;
  appointment_id: string;
  patient_id: string;
  starts_at: string;
  run_at: string;
  status: ScheduledJobStatus;
  /** Why a job was skipped (moved, released, too late), for an operator reading the table. */
  outcome: string;
  claimed_by: string | null;
  finished_at: string | null;
  created_at: string;
}

export type { AllergySeverity };
export interface HistoryAllergiesTable extends HistoryEntry {
  substance: string;
  reaction: string;
  severity: AllergySeverity;
}
export interface HistoryLabTestsTable extends HistoryEntry {
  lab: string;
  name: string;
  result: string;
}

/** What the access log records: reads, and every change (adding, removing, hiding and their undoing). */
export type HistoryLogAction = 'read' | 'add' | 'delete' | 'restore' | 'hide' | 'unhide';

/** Append-only: who read or changed a history, never the medical values themselves. */
export interface HistoryAccessLogTable {
  id: string;
  patient_id: string;
  actor_id: string | null;
  actor_name: string;
  actor_role: string;
  action: HistoryLogAction;
  target: string;
  outcome: 'allowed' | 'denied';
  /** Why an allowed read was allowed (her own record, a reservation and its date). */
  reason: string;
  created_at: string;
}

/** Refused guest reads, one counter per patient and address, so they cannot flood her log. */
export interface HistoryGuestRefusalsTable {
  patient_id: string;
  address: string;
  count: number;
  first_at: string;
  last_at: string;
}

/** Refused history requests of one account in one hour: the first is in the access log (log_id), the rest counted. */
export interface HistoryRefusalCountsTable {
  patient_id: string;
  actor_id: string;
  action: string;
  target: string;
  window_start: string;
  log_id: string;
  count: number;
  last_at: string;
}

/** Every administrator action: who did what to whom, and why. */
export interface AdminAuditTable {
  id: string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  target_type: 'user' | 'blog' | 'product';
  target_id: string;
  target_label: string;
  reason: string;
  created_at: string;
}

/**
 * What the request form sends: from a patient (patient_id) or a guest (name and phone only), for a
 * doctor or only a department. Pending until a doctor or administrator accepts it into a slot
 * (appointment_id) or declines it with a reason.
 */
export interface AppointmentRequestsTable {
  id: string;
  patient_id: string | null;
  name: string;
  email: string;
  phone: string;
  doctor_id: string | null;
  department: string;
  /** YYYY-MM-DD in the clinic's time zone. */
  preferred_date: string;
  /** HH:MM in the clinic's time zone. */
  preferred_time: string;
  reason: string;
  status: RequestStatus;
  decline_reason: string;
  appointment_id: string | null;
  handled_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable & UserLanguageColumn & DoctorFeeColumn & DoctorSearchColumns;
  doctor_search_words: DoctorSearchWordsTable;
  sessions: SessionsTable;
  account_security: AccountSecurityTable;
  account_tokens: AccountTokensTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  login_attempts: LoginAttemptsTable;
  doctor_education: DoctorEducationTable;
  appointments: AppointmentsTable;
  appointment_requests: AppointmentRequestsTable;
  calendar_entries: CalendarEntriesTable;
  waitlist_entries: WaitlistEntriesTable;
  care_relations: CareRelationsTable;
  ratings: RatingsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_photos: ProductPhotosTable;
  cart_items: CartItemsTable;
  checkouts: CheckoutsTable;
  checkout_items: CheckoutItemsTable;
  payments: PaymentsTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  refunds: RefundsTable;
  sandbox_ledger: SandboxLedgerTable;
  mail_queue: MailQueueTable;
  blog_categories: BlogCategoriesTable;
  blogs: BlogsTable;
  slides: SlidesTable;
  menus: MenusTable;
  menu_items: MenuItemsTable;
  chats: ChatsTable;
  messages: MessagesTable;
  chat_reads: ChatReadsTable;
  histories: HistoriesTable;
  history_medicines: HistoryMedicinesTable;
  prescriptions: PrescriptionsTable;
  prescription_lines: PrescriptionLinesTable;
  history_diagnoses: HistoryDiagnosesTable;
  history_chronic_diseases: HistoryChronicDiseasesTable;
  history_genetic_diseases: HistoryGeneticDiseasesTable;
  history_surgeries: HistorySurgeriesTable;
  history_continuous_medications: HistoryContinuousMedicationsTable;
  history_lab_tests: HistoryLabTestsTable;
  history_allergies: HistoryAllergiesTable;
  notifications: NotificationsTable;
  stored_files: StoredFilesTable;
  notification_preferences: NotificationPreferencesTable;
  scheduled_jobs: ScheduledJobsTable;
  history_access_log: HistoryAccessLogTable;
  history_guest_refusals: HistoryGuestRefusalsTable;
  history_refusal_counts: HistoryRefusalCountsTable;
  admin_audit: AdminAuditTable;
  pending_profile_changes: PendingProfileChangesTable;
}

/**
 * A professional's change of name, department or licence number waiting for an administrator (null:
 * not changed); the account acts under the approved values in `users` meanwhile.
 */
export interface PendingProfileChangesTable {
  user_id: string;
  name: string | null;
  specialization: string | null;
  license_number: string | null;
  pharmacy_license_number: string | null;
  requested_at: string;
}

/** One kept upload and the account it counts against (see server/storage/quota.ts). */
export interface StoredFilesTable {
  path: string;
  owner_id: string;
  bytes: number;
  created_at: string;
}
