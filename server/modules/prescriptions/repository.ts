import type { Insertable, Transaction } from 'kysely';
import type { DB } from '../../db/index.js';
import type { Database, HistoryMedicinesTable, PrescriptionLinesTable, PrescriptionsTable } from '../../db/schema.js';

type Trx = Transaction<Database>;
type Executor = DB | Trx;

/** Prescriptions, their lines, and what the safety check and the purchase gate read. Queries only. */
export function prescriptionsRepository(db: DB) {
  const withPeople = (executor: Executor) =>
    executor
      .selectFrom('prescriptions')
      .innerJoin('users as doctor', 'doctor.id', 'prescriptions.doctor_id')
      .innerJoin('users as patient', 'patient.id', 'prescriptions.patient_id')
      .selectAll('prescriptions')
      .select([
        'doctor.name as doctor_name',
        'doctor.license_number as doctor_license',
        'doctor.specialization as doctor_specialization',
        'patient.name as patient_name',
      ]);

  return {
    person: (id: string) => db.selectFrom('users').select(['id', 'role', 'name']).where('id', '=', id).executeTakeFirst(),

    /** Catalogue products a doctor may prescribe (listed by an approved pharmacist). */
    products: (ids: string[]) =>
      ids.length
        ? db
            .selectFrom('products')
            .innerJoin('users as owner', 'owner.id', 'products.owner_id')
            .select(['products.id', 'products.name', 'products.active_ingredients'])
            .where('products.id', 'in', ids)
            .where('products.deleted', '=', 0)
            .where('owner.status', '=', 'approved')
            .execute()
        : Promise.resolve([]),

    byId: (id: string) => withPeople(db).where('prescriptions.id', '=', id).executeTakeFirst(),
    ofPatient: (patientId: string) =>
      withPeople(db).where('prescriptions.patient_id', '=', patientId).orderBy('prescriptions.issued_at', 'desc').orderBy('prescriptions.id', 'desc').execute(),
    ofDoctorForPatient: (doctorId: string, patientId: string) =>
      withPeople(db)
        .where('prescriptions.doctor_id', '=', doctorId)
        .where('prescriptions.patient_id', '=', patientId)
        .orderBy('prescriptions.issued_at', 'desc')
        .orderBy('prescriptions.id', 'desc')
        .execute(),
    ofDoctor: (doctorId: string) =>
      withPeople(db)
        .where('prescriptions.doctor_id', '=', doctorId)
        .orderBy('prescriptions.issued_at', 'desc')
        .orderBy('prescriptions.id', 'desc')
        .limit(200)
        .execute(),

    lines: (prescriptionIds: string[], executor: Executor = db) =>
      prescriptionIds.length
        ? executor
            .selectFrom('prescription_lines')
            .leftJoin('products', 'products.id', 'prescription_lines.product_id')
            .selectAll('prescription_lines')
            .select(['products.slug', 'products.active_ingredients', 'products.prescription_only'])
            .where('prescription_lines.prescription_id', 'in', prescriptionIds)
            .orderBy('prescription_lines.position')
            .execute()
        : Promise.resolve([]),

    codeTaken: async (code: string) => Boolean(await db.selectFrom('prescriptions').select('id').where('code', '=', code).executeTakeFirst()),
    insert: (trx: Trx, row: PrescriptionsTable) => trx.insertInto('prescriptions').values(row).execute(),
    insertLines: (trx: Trx, rows: PrescriptionLinesTable[]) => trx.insertInto('prescription_lines').values(rows).execute(),
    historyOf: (executor: Executor, patientId: string) => executor.selectFrom('histories').select('id').where('patient_id', '=', patientId).executeTakeFirst(),
    insertHistoryMedicines: (trx: Trx, rows: Insertable<HistoryMedicinesTable>[]) => trx.insertInto('history_medicines').values(rows).execute(),
    touchHistory: (trx: Trx, historyId: string, at: string) => trx.updateTable('histories').set({ updated_at: at }).where('id', '=', historyId).execute(),

    allergies: (patientId: string) =>
      db
        .selectFrom('history_allergies')
        .innerJoin('histories', 'histories.id', 'history_allergies.history_id')
        .select(['history_allergies.substance', 'history_allergies.reaction', 'history_allergies.severity'])
        .where('histories.patient_id', '=', patientId)
        // A removed entry waiting out its undo time no longer counts; a hidden one still does.
        .where('history_allergies.deleted_at', 'is', null)
        .execute(),

    /** Medicines she takes on a continuing basis. */
    continuousMedicines: (patientId: string) =>
      db
        .selectFrom('history_continuous_medications')
        .innerJoin('histories', 'histories.id', 'history_continuous_medications.history_id')
        .select(['history_continuous_medications.medicine', 'history_continuous_medications.dose'])
        .where('histories.patient_id', '=', patientId)
        .where('history_continuous_medications.deleted_at', 'is', null)
        .execute(),

    /** Lines of her prescriptions still valid at `now`: the medicines she is being treated with. */
    currentPrescribed: (patientId: string, now: string) =>
      db
        .selectFrom('prescription_lines')
        .innerJoin('prescriptions', 'prescriptions.id', 'prescription_lines.prescription_id')
        .leftJoin('products', 'products.id', 'prescription_lines.product_id')
        .select(['prescription_lines.medicine', 'prescriptions.id as prescription_id', 'products.active_ingredients', 'products.id as product_id'])
        .where('prescriptions.patient_id', '=', patientId)
        .where('prescriptions.valid_until', '>', now)
        .execute(),

    /**
     * Lines of the buyer's valid prescriptions with packs left, each with the catalogue product it
     * prescribes (which products they cover is decided in checks.ts). Soonest-expiring first, so the
     * older prescription is used up first.
     */
    covering: (executor: Executor, patientId: string, now: string) =>
      executor
        .selectFrom('prescription_lines')
        .innerJoin('prescriptions', 'prescriptions.id', 'prescription_lines.prescription_id')
        .innerJoin('products as prescribed', 'prescribed.id', 'prescription_lines.product_id')
        .select([
          'prescription_lines.id',
          'prescription_lines.remaining',
          'prescriptions.valid_until',
          'prescribed.id as product_id',
          'prescribed.active_ingredients',
        ])
        .where('prescriptions.patient_id', '=', patientId)
        .where('prescriptions.valid_until', '>', now)
        .where('prescription_lines.remaining', '>', 0)
        .orderBy('prescriptions.valid_until')
        .orderBy('prescription_lines.id')
        .execute(),

    /**
     * Takes `quantity` from a line only while that many remain and its prescription (hers) is still
     * valid: the database decides, so two checkouts cannot both use the last packs.
     */
    consume: async (trx: Trx, lineId: string, patientId: string, quantity: number, now: string) => {
      const result = await trx
        .updateTable('prescription_lines')
        .set((eb) => ({ remaining: eb('remaining', '-', quantity) }))
        .where('id', '=', lineId)
        .where('remaining', '>=', quantity)
        .where('prescription_id', 'in', (eb) =>
          eb
            .selectFrom('prescriptions')
            .select('prescriptions.id')
            .where('prescriptions.patient_id', '=', patientId)
            .where('prescriptions.valid_until', '>', now),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Gives packs back (a checkout not charged, an order cancelled or refused). */
    restore: (trx: Trx, lineId: string, quantity: number) =>
      trx
        .updateTable('prescription_lines')
        .set((eb) => ({ remaining: eb('remaining', '+', quantity) }))
        .where('id', '=', lineId)
        .execute(),

    /** Whether a pharmacist sold something against this prescription (he may then read it). */
    soldBy: async (prescriptionId: string, sellerId: string) =>
      Boolean(
        await db
          .selectFrom('orders')
          .innerJoin('prescription_lines', 'prescription_lines.id', 'orders.prescription_line_id')
          .select('orders.id')
          .where('prescription_lines.prescription_id', '=', prescriptionId)
          .where('orders.seller_id', '=', sellerId)
          .executeTakeFirst(),
      ),

    /** The prescription an order line was bought against, for the pharmacist and the buyer. */
    ofOrderLine: (lineId: string) =>
      db
        .selectFrom('prescription_lines')
        .innerJoin('prescriptions', 'prescriptions.id', 'prescription_lines.prescription_id')
        .innerJoin('users as doctor', 'doctor.id', 'prescriptions.doctor_id')
        .select([
          'prescriptions.id',
          'prescriptions.code',
          'prescriptions.issued_at',
          'prescriptions.valid_until',
          'doctor.name as doctor_name',
          'doctor.license_number as doctor_license',
        ])
        .where('prescription_lines.id', '=', lineId)
        .executeTakeFirst(),
  };
}

export type PrescriptionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof prescriptionsRepository>['byId']>>>;
export type PrescriptionLineRow = Awaited<ReturnType<ReturnType<typeof prescriptionsRepository>['lines']>>[number];
