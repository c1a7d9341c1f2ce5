import type { Kysely } from 'kysely';

const id = 'varchar(24)';

/**
 * Prescriptions and prescription-only medicines.
 * - products.active_ingredients: a JSON array of ingredient names, read by the safety check;
 *   products.prescription_only: sold only against a valid prescription of the buyer's.
 * - prescriptions: written by a doctor for a patient; a short code a pharmacy can check, an issue
 *   date and a last valid day. safety_ack: the warnings the doctor acknowledged (JSON, '' for none).
 * - prescription_lines: a catalogue product or a free-text medicine. `remaining` is how many packs
 *   may still be bought against the line; checkout lowers it with a conditional update.
 * - history_medicines.prescription_id: the medicine came from this prescription.
 * - checkout_items / orders.prescription_line_id: the line the purchase used, so a checkout that is
 *   not charged, a cancelled order or a refused one gives the quantity back.
 * - checkouts / orders.safety_ack: the warnings the buyer acknowledged; orders.refusal_reason: why
 *   the pharmacist refused the order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('active_ingredients', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('prescription_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('prescriptions')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('patient_id', id, (c) => c.notNull().references('users.id'))
    .addColumn('doctor_id', id, (c) => c.notNull().references('users.id'))
    .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('valid_until', 'varchar(32)', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('safety_ack', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('prescriptions_patient').on('prescriptions').columns(['patient_id', 'issued_at']).execute();
  await db.schema.createIndex('prescriptions_doctor').on('prescriptions').columns(['doctor_id', 'issued_at']).execute();

  await db.schema
    .createTable('prescription_lines')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('prescription_id', id, (c) => c.notNull().references('prescriptions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', id, (c) => c.references('products.id'))
    .addColumn('medicine', 'text', (c) => c.notNull())
    .addColumn('dose', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('frequency', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duration', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('remaining', 'integer', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('prescription_lines_prescription').on('prescription_lines').column('prescription_id').execute();
  await db.schema.createIndex('prescription_lines_product').on('prescription_lines').column('product_id').execute();

  await db.schema
    .alterTable('history_medicines')
    .addColumn('prescription_id', id, (c) => c.references('prescriptions.id'))
    .execute();
  await db.schema.alterTable('checkout_items').addColumn('prescription_line_id', id).execute();
  await db.schema
    .alterTable('checkouts')
    .addColumn('safety_ack', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('orders').addColumn('prescription_line_id', id).execute();
  await db.schema
    .alterTable('orders')
    .addColumn('safety_ack', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('refusal_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('refusal_reason').execute();
  await db.schema.alterTable('orders').dropColumn('safety_ack').execute();
  await db.schema.alterTable('orders').dropColumn('prescription_line_id').execute();
  await db.schema.alterTable('checkouts').dropColumn('safety_ack').execute();
  await db.schema.alterTable('checkout_items').dropColumn('prescription_line_id').execute();
  await db.schema.alterTable('history_medicines').dropColumn('prescription_id').execute();
  await db.schema.dropTable('prescription_lines').execute();
  await db.schema.dropTable('prescriptions').execute();
  await db.schema.alterTable('products').dropColumn('prescription_only').execute();
  await db.schema.alterTable('products').dropColumn('active_ingredients').execute();
}
