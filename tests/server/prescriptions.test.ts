import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids.js';
import { signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';
import { checkout, listProduct, setCart, stockOf } from './shop-helpers.js';

let server: TestServer;
type Account = { token: string; id: string };
let pharmacist: Account;
let otherPharmacist: Account;
let doctor: Account;
let otherDoctor: Account;
let patient: Account;
let otherPatient: Account;
let cillin: { slug: string; _id: string };

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const app = () => server.app;

async function book(doctorId: string, patientId: string) {
  const now = new Date().toISOString();
  await server.database.db
    .insertInto('appointments')
    .values({
      id: newId(),
      doctor_id: doctorId,
      starts_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      time: '10:00',
      reserved: 1,
      patient_id: patientId,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function prescribe(token: string, body: Record<string, unknown>) {
  return app().inject({ method: 'POST', url: '/api/prescriptions', headers: auth(token), payload: body });
}

const line = (product: string, quantity: number) => ({ product, dose: '500 mg', frequency: 'Three times daily', duration: '7 days', quantity });

async function remainingOf(prescriptionId: string) {
  const rows = await server.database.db
    .selectFrom('prescription_lines')
    .select('remaining')
    .where('prescription_id', '=', prescriptionId)
    .where('product_id', 'is not', null)
    .execute();
  return rows.map((r) => Number(r.remaining));
}

beforeAll(async () => {
  server = await startTestServer({ seed: true, env: { LOGIN_MAX_ATTEMPTS: '1000', LOGIN_MAX_DELAY_SECONDS: '0' } });
  [pharmacist, otherPharmacist, doctor, otherDoctor, patient, otherPatient] = await Promise.all([
    signUpAndLogin(server.app, 'pharmacist'),
    signUpAndLogin(server.app, 'pharmacist'),
    signUpAndLogin(server.app, 'doctor'),
    signUpAndLogin(server.app, 'doctor'),
    signUpAndLogin(server.app, 'patient'),
    signUpAndLogin(server.app, 'patient'),
  ]);
  cillin = await listProduct(server.app, pharmacist.token, {
    name: 'Testacillin 500 mg',
    quantity: '20',
    price: '8',
    activeIngredients: 'Amoxicillin, Clavulanic acid',
    prescriptionOnly: 'true',
  });
  await book(doctor.id, patient.id);
});
afterAll(async () => {
  await server?.close();
});

describe('products carry their ingredients and the prescription-only flag', () => {
  it('in the detail answer, and the seeded antibiotics are prescription-only', async () => {
    const detail = (await app().inject({ method: 'GET', url: `/api/medicine/?product=${cillin.slug}` })).json().product;
    expect(detail.activeIngredients).toEqual(['Amoxicillin', 'Clavulanic acid']);
    expect(detail.prescriptionOnly).toBe(true);
    const amoxicillin = (await app().inject({ method: 'GET', url: '/api/medicine/?product=amoxicillin-500-mg' })).json().product;
    expect(amoxicillin).toMatchObject({ prescriptionOnly: true, activeIngredients: ['Amoxicillin'] });
    const paracetamol = (await app().inject({ method: 'GET', url: '/api/medicine/?product=paracetamol-500-mg' })).json().product;
    expect(paracetamol).toMatchObject({ prescriptionOnly: false, activeIngredients: ['Paracetamol'] });
  });
});

describe('prescription-only gating', () => {
  it('refuses the cart and checkout without a covering prescription', async () => {
    const res = await setCart(app(), otherPatient.token, cillin.slug, 1);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/sold only with a prescription/);
    // A line that reached the cart some other way is still refused at checkout, and nothing is taken.
    const now = new Date().toISOString();
    await server.database.db
      .insertInto('cart_items')
      .values({ id: newId(), user_id: otherPatient.id, product_id: cillin._id, quantity: 1, created_at: now, updated_at: now })
      .execute();
    const paid = await checkout(app(), otherPatient.token);
    expect(paid.statusCode).toBe(403);
    expect(await stockOf(app(), cillin.slug)).toBe(20);
    await server.database.db.deleteFrom('cart_items').where('user_id', '=', otherPatient.id).execute();
  });
});

describe('writing, reading and buying a prescription', () => {
  let prescriptionId = '';

  it('only a doctor with a care relation writes one; her history and notifications show it', async () => {
    expect((await prescribe(otherDoctor.token, { patient: patient.id, lines: [line(cillin._id, 2)] })).statusCode).toBe(403);
    expect((await prescribe(patient.token, { patient: patient.id, lines: [line(cillin._id, 2)] })).statusCode).toBe(403);
    expect((await prescribe(doctor.token, { patient: patient.id, lines: [] })).statusCode).toBe(400);
    const refusals: [Record<string, unknown>, string][] = [
      [{ lines: [] }, 'Please add at least one medicine to the prescription'],
      [{ lines: Array.from({ length: 21 }, () => line(cillin._id, 1)) }, 'A prescription can have at most 20 medicines'],
      [{ lines: [{ medicine: 'Rinse', quantity: 1 }, line('not-an-id', 1)] }, 'Please choose each product from the catalogue list'],
      [{ lines: [line(cillin._id, 1), { quantity: 1 }] }, "Medicine 2: please choose a product or write the medicine's name"],
      [{ lines: [{ medicine: 'm'.repeat(201), quantity: 1 }] }, 'Medicine 1 can be at most 200 characters long'],
      [{ lines: [{ ...line(cillin._id, 1), dose: 'd'.repeat(201) }] }, 'Medicine 1: the dose can be at most 200 characters long'],
      [{ lines: [line(cillin._id, 101)] }, 'Medicine 1: the quantity must be a whole number from 1 to 100'],
      [{ lines: [{ ...line(cillin._id, 0), notes: 'n'.repeat(501) }] }, 'Medicine 1: the quantity must be a whole number from 1 to 100'],
      [{ lines: [{ ...line(cillin._id, 1), notes: 'n'.repeat(501) }] }, 'Medicine 1: the notes can be at most 500 characters long'],
      [{ lines: [line(cillin._id, 1)], validDays: '0', notes: 'n'.repeat(1001) }, 'The validity must be a whole number from 1 to 365'],
      [{ lines: [line(cillin._id, 1)], notes: 'n'.repeat(1001) }, 'The notes can be at most 1000 characters long'],
      [{ lines: [line(newId(), 1)] }, 'Medicine 1: this product is no longer sold; please choose another or write the medicine by name'],
    ];
    for (const [body, message] of refusals) {
      const refused = await prescribe(doctor.token, { patient: patient.id, ...body });
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    // Who writes for whom is answered before the lines are read.
    expect((await prescribe(otherDoctor.token, { patient: patient.id, lines: [] })).statusCode).toBe(403);
    expect((await prescribe(doctor.token, { patient: 'nobody', lines: [] })).json().message).toBe('Please choose the patient to write the prescription for');
    const res = await prescribe(doctor.token, { patient: patient.id, lines: [line(cillin._id, 2), { medicine: 'Saline rinse', quantity: 1 }] });
    expect(res.statusCode).toBe(200);
    const { prescription } = res.json();
    prescriptionId = prescription._id;
    expect(prescription.code).toMatch(/^RX-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(prescription.status).toBe('valid');
    expect(Date.parse(prescription.validUntil) - Date.parse(prescription.issuedAt)).toBe(30 * 86_400_000);
    const history = (await app().inject({ method: 'GET', url: `/api/history?patient=${patient.id}`, headers: auth(patient.token) })).json().history;
    expect(JSON.stringify(history)).toContain('Testacillin 500 mg');
    const linked = await server.database.db.selectFrom('history_medicines').select('prescription_id').where('prescription_id', '=', prescriptionId).execute();
    expect(linked).toHaveLength(2);
    const notices = await server.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', patient.id)
      .where('event', '=', 'prescription_issued')
      .execute();
    expect(notices).toHaveLength(1);
  });

  it('access: the patient her own, her doctors theirs, nobody else; guests 401', async () => {
    const get = (token: string | null, url: string) => app().inject({ method: 'GET', url, headers: token ? auth(token) : {} });
    expect((await get(patient.token, '/api/prescriptions')).json().prescriptions.map((p: { _id: string }) => p._id)).toEqual([prescriptionId]);
    expect((await get(patient.token, `/api/prescriptions/${prescriptionId}`)).statusCode).toBe(200);
    expect((await get(otherPatient.token, `/api/prescriptions/${prescriptionId}`)).statusCode).toBe(404);
    expect((await get(otherPatient.token, `/api/prescriptions?patient=${patient.id}`)).statusCode).toBe(403);
    expect((await get(otherPatient.token, '/api/prescriptions')).json().prescriptions).toEqual([]);
    expect((await get(doctor.token, `/api/prescriptions?patient=${patient.id}`)).json().prescriptions).toHaveLength(1);
    expect((await get(otherDoctor.token, `/api/prescriptions?patient=${patient.id}`)).statusCode).toBe(403);
    expect((await get(otherDoctor.token, `/api/prescriptions/${prescriptionId}`)).statusCode).toBe(404);
    expect((await get(pharmacist.token, `/api/prescriptions/${prescriptionId}`)).statusCode).toBe(404);
    expect((await get(pharmacist.token, '/api/prescriptions')).statusCode).toBe(403);
    expect((await get(null, '/api/prescriptions')).statusCode).toBe(401);
    expect((await get(null, `/api/prescriptions/${prescriptionId}`)).statusCode).toBe(401);
    expect((await app().inject({ method: 'POST', url: `/api/prescriptions/${prescriptionId}/cart`, headers: auth(otherPatient.token) })).statusCode).toBe(404);
  });

  it('buys it: cart with the prescribed quantity, no more; checkout uses it up; no reuse', async () => {
    const toCart = await app().inject({ method: 'POST', url: `/api/prescriptions/${prescriptionId}/cart`, headers: auth(patient.token) });
    expect(toCart.json()).toMatchObject({ message: expect.stringContaining('in your cart') });
    expect(toCart.json().added).toEqual([expect.objectContaining({ name: 'Testacillin 500 mg', quantity: 2 })]);
    expect(toCart.json().unavailable).toEqual([expect.objectContaining({ name: 'Saline rinse' })]);
    expect((await setCart(app(), patient.token, cillin.slug, 3)).statusCode).toBe(403);
    expect((await setCart(app(), patient.token, cillin.slug, 1)).statusCode).toBe(200);
    expect((await setCart(app(), patient.token, cillin.slug, 2)).statusCode).toBe(200);
    const paid = await checkout(app(), patient.token);
    expect(paid.statusCode).toBe(200);
    expect(await remainingOf(prescriptionId)).toEqual([0]);
    const mine = (await app().inject({ method: 'GET', url: `/api/prescriptions/${prescriptionId}`, headers: auth(patient.token) })).json().prescription;
    expect(mine.status).toBe('used');
    expect((await setCart(app(), patient.token, cillin.slug, 1)).statusCode).toBe(403);
  });

  it('the pharmacist sees the prescription on the order and refuses it with a reason: refund, stock and packs back', async () => {
    const received = (await app().inject({ method: 'GET', url: '/api/orders/received', headers: auth(pharmacist.token) })).json().orders;
    const order = received.find((o: { medicine: { slug: string } }) => o.medicine.slug === cillin.slug);
    expect(order.prescription).toMatchObject({ _id: prescriptionId, code: expect.stringMatching(/^RX-/) });
    expect(order.prescription.doctor.name).toMatch(/^Test /);
    expect((await app().inject({ method: 'GET', url: `/api/prescriptions/${prescriptionId}`, headers: auth(pharmacist.token) })).statusCode).toBe(200);
    expect((await app().inject({ method: 'GET', url: `/api/prescriptions/${prescriptionId}`, headers: auth(otherPharmacist.token) })).statusCode).toBe(404);
    const stock = await stockOf(app(), cillin.slug);
    const move = (fields: Record<string, string>) =>
      app().inject({ method: 'PATCH', url: `/api/orders/status?order=${order._id}`, ...withToken(pharmacist.token, fields) });
    expect((await move({ status: 'cancelled' })).statusCode).toBe(400);
    const refused = await move({ status: 'cancelled', reason: 'The prescription is illegible' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().order.refusalReason).toBe('The prescription is illegible');
    expect(await stockOf(app(), cillin.slug)).toBe(stock + 2);
    expect(await remainingOf(prescriptionId)).toEqual([2]);
    const refunds = await server.database.db.selectFrom('refunds').selectAll().execute();
    expect(refunds.some((r) => r.status === 'refunded' && Number(r.amount_cents) === 1600)).toBe(true);
  });

  it('two checkouts against one prescription at once: one succeeds', async () => {
    // On SQLite the driver runs these requests' transactions one after another, so this passes there even without the conditional update; race-guarantees.test.ts races the statements themselves on every database.
    await app().inject({ method: 'POST', url: `/api/prescriptions/${prescriptionId}/cart`, headers: auth(patient.token) });
    const answers = await Promise.all([checkout(app(), patient.token, {}, 'race-key-one'), checkout(app(), patient.token, {}, 'race-key-two')]);
    // The loser is refused, or (same cart still open) told the winner's answer: never a second purchase.
    expect(answers.map((a) => a.statusCode)).toContain(200);
    const paidRefs = new Set(answers.filter((a) => a.statusCode === 200).map((a) => JSON.stringify(a.json().payment)));
    expect(paidRefs.size).toBe(1);
    expect(await remainingOf(prescriptionId)).toEqual([0]);
    const orders = await server.database.db
      .selectFrom('orders')
      .select('id')
      .where('prescription_line_id', 'is not', null)
      .where('delivery_status', '=', 'pending')
      .execute();
    expect(orders).toHaveLength(1);
  });

  it('one prescription is not used beyond its quantity, even across two pharmacies', async () => {
    const twin = await listProduct(server.app, otherPharmacist.token, {
      name: 'Testacillin 500 mg',
      quantity: '5',
      price: '9',
      activeIngredients: 'Amoxicillin, Clavulanic acid',
      prescriptionOnly: 'true',
    });
    const created = (await prescribe(doctor.token, { patient: patient.id, lines: [line(cillin._id, 1)] })).json().prescription;
    const now = new Date().toISOString();
    await server.database.db
      .insertInto('cart_items')
      .values([
        { id: newId(), user_id: patient.id, product_id: cillin._id, quantity: 1, created_at: now, updated_at: now },
        { id: newId(), user_id: patient.id, product_id: twin._id, quantity: 1, created_at: now, updated_at: now },
      ])
      .execute();
    const stock = await stockOf(app(), cillin.slug);
    const res = await checkout(app(), patient.token);
    expect(res.statusCode).toBe(403);
    expect(await remainingOf(created._id)).toEqual([1]);
    expect(await stockOf(app(), cillin.slug)).toBe(stock);
    await server.database.db.deleteFrom('cart_items').where('user_id', '=', patient.id).execute();
  });
});

describe('coverage follows the product, not its name', () => {
  it('a product renamed to the prescribed name is not covered; the same active ingredients from another pharmacy are', async () => {
    const buyer = await signUpAndLogin(server.app, 'patient');
    await book(doctor.id, buyer.id);
    const created = await prescribe(doctor.token, { patient: buyer.id, lines: [line(cillin._id, 2)] });
    expect(created.statusCode, created.body).toBe(200);
    const impostor = await listProduct(server.app, otherPharmacist.token, {
      name: 'Renamed Remedy',
      quantity: '5',
      price: '3',
      activeIngredients: 'Flucloxacillin',
      prescriptionOnly: 'true',
    });
    const unlisted = await listProduct(server.app, otherPharmacist.token, {
      name: 'No Ingredients Listed',
      quantity: '5',
      price: '3',
      prescriptionOnly: 'true',
    });
    for (const p of [impostor, unlisted]) {
      const renamed = await app().inject({
        method: 'PATCH',
        url: `/api/medicine?product=${p.slug}`,
        ...withToken(otherPharmacist.token, { name: 'Testacillin 500 mg' }),
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const carted = await setCart(app(), buyer.token, p.slug, 1);
      expect(carted.statusCode, p.slug).toBe(403);
      expect(carted.json().message).toMatch(/sold only with a prescription/);
    }
    // Buying the prescription puts the prescribed product in the cart, not a cheaper one that took its name.
    const bought = await app().inject({ method: 'POST', url: `/api/prescriptions/${created.json().prescription._id}/cart`, headers: auth(buyer.token) });
    expect(bought.json().added).toEqual([expect.objectContaining({ slug: cillin.slug })]);
    await server.database.db.deleteFrom('cart_items').where('user_id', '=', buyer.id).execute();
    // The same medicine (the same active ingredients) sold by another pharmacy under its own name is covered.
    const generic = await listProduct(server.app, otherPharmacist.token, {
      name: 'Generic Co-amoxiclav',
      quantity: '5',
      price: '6',
      activeIngredients: 'clavulanic acid, amoxicillin',
      prescriptionOnly: 'true',
    });
    expect((await setCart(app(), buyer.token, generic.slug, 2)).statusCode).toBe(200);
    expect((await setCart(app(), buyer.token, generic.slug, 3)).statusCode).toBe(403);
    await server.database.db.deleteFrom('cart_items').where('user_id', '=', buyer.id).execute();
  });
});

describe('safety check', () => {
  it('warns the doctor and the patient of an allergy; acknowledged, it goes on and is recorded', async () => {
    const at = new Date().toISOString();
    const history = await server.database.db.selectFrom('histories').select('id').where('patient_id', '=', patient.id).executeTakeFirstOrThrow();
    await server.database.db
      .insertInto('history_allergies')
      .values({ id: newId(), history_id: history.id, created_at: at, substance: 'Penicillin', reaction: 'Rash', severity: 'severe' })
      .execute();
    const warned = await prescribe(doctor.token, { patient: patient.id, lines: [line(cillin._id, 1)] });
    expect(warned.statusCode).toBe(409);
    expect(warned.json().conflicts).toEqual([expect.objectContaining({ kind: 'allergy', with: 'Penicillin', ingredient: 'Amoxicillin' })]);
    expect(warned.json().message).toContain('allergy to Penicillin');
    const saved = await prescribe(doctor.token, { patient: patient.id, lines: [line(cillin._id, 1)], acknowledgeWarnings: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().prescription.acknowledgedWarnings[0]).toContain('Penicillin');

    await app().inject({ method: 'POST', url: `/api/prescriptions/${saved.json().prescription._id}/cart`, headers: auth(patient.token) });
    const blocked = await checkout(app(), patient.token);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().conflicts[0]).toMatchObject({ kind: 'allergy', with: 'Penicillin' });
    const paid = await checkout(app(), patient.token, { acknowledgeWarnings: 'true' });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = await server.database.db
      .selectFrom('orders')
      .select('safety_ack')
      .where('user_id', '=', patient.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(order.safety_ack).toContain('Penicillin');
  });
});
