import type { PrescriptionLinesTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { allowRoles, type Viewer } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { cartRepository } from '../cart/repository.js';
import { careAccess } from '../history/care-access.js';
import { historyRepository } from '../history/repository.js';
import { deliverNotifications, recordNotifications } from '../notifications/service.js';
import { shopService } from '../shop/service.js';
import { acknowledged, acknowledgement, checkedProduct, covers, prescriptionChecks, safetyWarning } from './checks.js';
import { newPrescriptionCode } from './code.js';
import { toOffer, toPrescriptionDto, type Offer } from './dto.js';
import { readPrescription, type PrescriptionBody, type PrescriptionLineDraft } from './form.js';
import { prescriptionsRepository, type PrescriptionRow } from './repository.js';
import { readIngredients } from './safety.js';
import { doctorTitled } from '../../lib/names.js';

const missing = 'This prescription does not exist';

/**
 * Prescriptions: a doctor with a care relation writes one for his patient (checked for her
 * allergies and current medicines); she reads hers and puts its medicines in her cart; her doctors
 * read hers; a pharmacist reads one only through an order placed against it.
 */
export function prescriptionsService(app: App) {
  const repo = prescriptionsRepository(app.db);
  const checks = prescriptionChecks(app.db);
  const carts = cartRepository(app.db);
  const history = historyRepository(app.db);
  const shop = shopService(app);

  async function dto(row: PrescriptionRow, withOffers = false) {
    const lines = await repo.lines([row.id]);
    let offers: Map<string, Offer[]> | undefined;
    if (withOffers) {
      offers = await offersFor(lines);
    }
    return toPrescriptionDto(row, lines, nowIso(), offers);
  }

  /**
   * The offers in stock for each catalogue line, cheapest first: the prescribed product, or the same
   * medicine (the same active ingredients) from another pharmacy. Never by name: a pharmacy can
   * rename a product to anything.
   */
  async function offersFor(lines: { id: string; product_id: string | null; active_ingredients?: string | null }[]) {
    const catalogue = lines.flatMap((l) => (l.product_id ? [{ ...l, product_id: l.product_id }] : []));
    const rows = await shop.inStockMatching(
      catalogue.map((l) => l.product_id),
      catalogue.flatMap((l) => readIngredients(l.active_ingredients).slice(0, 1)),
    );
    return new Map<string, Offer[]>(catalogue.map((l) => [l.id, rows.filter((r) => covers(l, r)).map(toOffer)]));
  }

  /** Whether the viewer may read this prescription: her own; its author or her doctor; a pharmacist it was bought from. */
  async function mayRead(viewer: Viewer, row: PrescriptionRow) {
    if (viewer.id === row.patient_id || viewer.id === row.doctor_id) return true;
    if (viewer.role === 'doctor') return (await careAccess(app, viewer, row.patient_id)).allowed;
    if (viewer.role === 'pharmacist') return repo.soldBy(row.id, viewer.id);
    return false;
  }

  async function readable(viewer: Viewer, idText: string) {
    const row = isId(idText) ? await repo.byId(idText) : undefined;
    // Someone else's prescription is answered like a missing one, so ids cannot be probed.
    if (!row || !(await mayRead(viewer, row))) throw notFound(missing);
    return row;
  }

  /** Her history, created from her account the first time something is written to it. */
  async function historyIdOf(patientId: string) {
    const found = await repo.historyOf(app.db, patientId);
    if (found) return found.id;
    const person = await history.findPerson(patientId);
    const now = nowIso();
    await history.createHistory({
      id: newId(),
      patient_id: patientId,
      current_state: '',
      blood_type: person?.blood_type ?? '',
      pregnancy: 0,
      height: person?.height ?? '',
      weight: person?.weight ?? '',
      created_at: now,
      updated_at: now,
    });
    return (await repo.historyOf(app.db, patientId))!.id;
  }

  /** The catalogue products the lines name, each still sold (the lines' format was checked by the body schema). */
  async function withProducts(lines: PrescriptionLineDraft[]) {
    const products = new Map((await repo.products(lines.map((l) => l.productId).filter(Boolean))).map((p) => [p.id, p]));
    return lines.map((l, index) => {
      const product = l.productId ? products.get(l.productId) : undefined;
      if (l.productId && !product)
        throw badRequest(`Medicine ${index + 1}: this product is no longer sold; please choose another or write the medicine by name`);
      return { ...l, product, medicine: product ? product.name : l.medicine };
    });
  }

  /** The patient a doctor writes for: one of his patients (400 when there is none, 403 without a care relation). */
  async function patientFor(viewer: Viewer, patientText: unknown) {
    allowRoles(viewer, 'doctor');
    const patientId = typeof patientText === 'string' ? patientText.trim() : '';
    const patient = isId(patientId) ? await repo.person(patientId) : undefined;
    if (!patient || patient.role !== 'patient') throw badRequest('Please choose the patient to write the prescription for');
    if (!(await careAccess(app, viewer, patient.id)).allowed)
      throw forbidden('You can write prescriptions only for patients who hold or held an appointment with you');
    return patient;
  }

  return {
    patientFor,

    async create(viewer: Viewer, input: PrescriptionBody) {
      const patient = await patientFor(viewer, input.patient);
      const form = readPrescription(input);
      const lines = await withProducts(form.lines);
      const { validDays, notes } = form;

      const conflicts = await checks.conflicts(
        patient.id,
        lines.map((l) => (l.product ? checkedProduct(l.product) : { name: l.medicine, ingredients: [], freeText: true })),
      );
      if (conflicts.length && !acknowledged(input.acknowledgeWarnings)) throw safetyWarning(conflicts, 'doctor');

      const historyId = await historyIdOf(patient.id);
      const now = nowIso();
      const validUntil = new Date(Date.parse(now) + validDays * 86_400_000).toISOString();
      const id = newId();
      for (let attempt = 0; ; attempt += 1) {
        const code = newPrescriptionCode();
        try {
          const notices = await app.db.transaction().execute(async (trx) => {
            await repo.insert(trx, {
              id,
              code,
              patient_id: patient.id,
              doctor_id: viewer.id,
              issued_at: now,
              valid_until: validUntil,
              notes,
              safety_ack: acknowledgement(conflicts, now),
              created_at: now,
            });
            const rows: PrescriptionLinesTable[] = lines.map((l, position) => ({
              id: newId(),
              prescription_id: id,
              position,
              product_id: l.product?.id ?? null,
              medicine: l.medicine,
              dose: l.dose,
              frequency: l.frequency,
              duration: l.duration,
              quantity: l.quantity,
              remaining: l.product ? l.quantity : 0,
              notes: l.notes,
            }));
            await repo.insertLines(trx, rows);
            // Her medicines section shows what was prescribed, linked to the prescription.
            await repo.insertHistoryMedicines(
              trx,
              lines.map((l) => ({
                id: newId(),
                history_id: historyId,
                created_at: now,
                date: now,
                prescription_id: id,
                // Written by the prescribing doctor: she may hide these lines, not delete them.
                author_id: viewer.id,
                self_reported: 0,
                medicine: [l.medicine, l.dose, l.frequency, l.duration].filter(Boolean).join(', '),
              })),
            );
            await repo.touchHistory(trx, historyId, now);
            return recordNotifications(trx, [
              {
                userId: patient.id,
                event: 'prescription_issued',
                title: `${doctorTitled(viewer.name)} wrote you a prescription`,
                body: lines.map((l) => l.medicine).join(', '),
                link: `/prescriptions/${id}`,
                message: { key: 'prescription_issued', doctor: viewer.name, medicines: lines.map((l) => l.medicine) },
              },
            ]);
          });
          deliverNotifications(app, notices);
          break;
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 5) throw error;
        }
      }
      // The history's access log shows who wrote to it.
      await history.appendLog({
        id: newId(),
        patient_id: patient.id,
        actor_id: viewer.id,
        actor_name: viewer.name,
        actor_role: viewer.role,
        action: 'add',
        target: 'prescription',
        outcome: 'allowed',
        reason: '',
        created_at: now,
      });
      const row = (await repo.byId(id))!;
      return { message: 'Prescription saved', prescription: await dto(row) };
    },

    /** Her own; a doctor's own writing, or one patient's for a doctor with a care relation. */
    async list(viewer: Viewer, patientText: string) {
      const patientId = patientText.trim();
      if (viewer.role === 'patient') {
        if (patientId && patientId !== viewer.id) throw forbidden('You can see only your own prescriptions');
        return { prescriptions: await Promise.all((await repo.ofPatient(viewer.id)).map((r) => dto(r))) };
      }
      if (viewer.role !== 'doctor') throw forbidden('Only patients and their doctors can list prescriptions');
      if (!patientId) return { prescriptions: await Promise.all((await repo.ofDoctor(viewer.id)).map((r) => dto(r))) };
      if (!isId(patientId) || !(await careAccess(app, viewer, patientId)).allowed) {
        throw forbidden('Only the patient and the doctors she has booked can see her prescriptions');
      }
      return { prescriptions: await Promise.all((await repo.ofPatient(patientId)).map((r) => dto(r))) };
    },

    async get(viewer: Viewer, idText: string) {
      const row = await readable(viewer, idText);
      return { prescription: await dto(row, viewer.id === row.patient_id) };
    },

    /**
     * Puts every catalogue line still to be bought in her cart, from the pharmacy she chose for it
     * or else the cheapest that has it in stock; says which lines cannot be bought.
     */
    async toCart(viewer: Viewer, idText: string, choices: Record<string, string>) {
      allowRoles(viewer, 'patient');
      const row = await readable(viewer, idText);
      if (row.patient_id !== viewer.id) throw forbidden('Only the patient can buy the medicines of her prescription');
      const lines = await repo.lines([row.id]);
      const now = nowIso();
      if (row.valid_until <= now) throw conflict(`This prescription expired on ${row.valid_until.slice(0, 10)}; please ask your doctor for a new one`);
      const offers = await offersFor(lines);
      const inCart = new Map((await carts.lines(viewer.id)).map((l) => [l.product_id, Number(l.quantity)]));
      const added: { line: string; name: string; pharmacy: string; quantity: number; slug: string }[] = [];
      const unavailable: { line: string; name: string; reason: string }[] = [];
      for (const line of lines) {
        if (!line.product_id) {
          unavailable.push({ line: line.id, name: line.medicine, reason: 'is not sold in the shop; buy it at any pharmacy with the printed prescription' });
          continue;
        }
        const wanted = Number(line.remaining);
        if (wanted <= 0) {
          unavailable.push({ line: line.id, name: line.medicine, reason: 'has already been bought in full' });
          continue;
        }
        const candidates = offers.get(line.id) ?? [];
        const chosenSlug = choices[line.id];
        const offer = chosenSlug ? candidates.find((o) => o.product.slug === chosenSlug) : candidates[0];
        if (chosenSlug && !offer) throw badRequest(`${line.medicine}: the chosen pharmacy does not have it in stock; please choose another`);
        if (!offer) {
          unavailable.push({ line: line.id, name: line.medicine, reason: 'is out of stock at every pharmacy' });
          continue;
        }
        // Switching pharmacy: the same medicine from another pharmacy leaves the cart.
        for (const other of candidates)
          if (other.product._id !== offer.product._id && inCart.has(other.product._id)) await carts.remove(viewer.id, other.product._id);
        const quantity = Math.min(wanted, offer.stock);
        await carts.setQuantity(viewer.id, offer.product._id, quantity);
        added.push({ line: line.id, name: line.medicine, pharmacy: offer.pharmacy.name, quantity, slug: offer.product.slug });
        if (quantity < wanted)
          unavailable.push({
            line: line.id,
            name: line.medicine,
            reason: `has only ${offer.stock} in stock at ${offer.pharmacy.name}, so ${quantity} went in your cart`,
          });
      }
      const message = added.length
        ? `${added.length === 1 ? 'One medicine is' : `${added.length} medicines are`} in your cart.`
        : 'None of the medicines of this prescription can be bought in the shop right now.';
      return { message, added, unavailable };
    },
  };
}
