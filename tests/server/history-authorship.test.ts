import { PostgresAdapter, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, signUpAndLogin, startTestServer, tinyPng, withToken, type TestServer } from './helpers.js';

let server: TestServer;
type Account = Awaited<ReturnType<typeof signUpAndLogin>>;
let patient: Account;
let carer: Account;
let stranger: Account;
let otherPatient: Account;
let pharmacist: Account;

const read = (token: string, patientId: string) =>
  server.app.inject({ method: 'GET', url: `/api/history/?patient=${patientId}`, headers: { authorization: token } });
const add = (token: string, kind: string, fields: Parameters<typeof withToken>[1], patientId?: string) =>
  server.app.inject({ method: 'POST', url: `/api/history/${kind}${patientId ? `?patient=${patientId}` : ''}`, ...withToken(token, fields) });
const remove = (token: string, kind: string, query: string) =>
  server.app.inject({ method: 'DELETE', url: `/api/history/${kind}/?${query}`, ...withToken(token) });
const change = (token: string, action: 'hide' | 'unhide' | 'restore', kind: string, query: string) =>
  server.app.inject({ method: 'POST', url: `/api/history/${kind}/${action}?${query}`, ...withToken(token) });

async function historyAs(account: Account, patientId = patient.id) {
  const res = await read(account.token, patientId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().history;
}

async function logOf(patientAccount: Account) {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/history/access-log/?patient=${patientAccount.id}`,
    headers: { authorization: patientAccount.token },
  });
  return res.json().entries as { actor: { name: string; role: string }; action: string; target: string; outcome: string; reason: string }[];
}

beforeAll(async () => {
  server = await startTestServer();
  [patient, carer, stranger, otherPatient, pharmacist] = await Promise.all([
    signUpAndLogin(server.app, 'patient', { name: 'Nour Hassan', gender: 'female' }),
    signUpAndLogin(server.app, 'doctor', { name: 'Dr. Omar Fathy', specialization: 'Medicine' }),
    signUpAndLogin(server.app, 'doctor', { name: 'Dr. Never Seen', specialization: 'Medicine' }),
    signUpAndLogin(server.app, 'patient'),
    signUpAndLogin(server.app, 'pharmacist'),
  ]);
  const date = `${new Date().getUTCFullYear() + 1}-02-10`;
  const slot = await server.app.inject({ method: 'POST', url: '/api/appointment', ...withToken(carer.token, { date, time: '10:00' }) });
  expect(slot.statusCode, slot.body).toBe(200);
  const reserve = await server.app.inject({
    method: 'POST',
    url: `/api/appointment/reserve/?appointment=${slot.json().appointment._id}&receiver=${carer.id}`,
    ...withToken(patient.token),
  });
  expect(reserve.statusCode, reserve.body).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('doctors adding to a patient’s history', () => {
  it('lets a doctor with a care relation add a diagnosis with his visit note, signed with his name', async () => {
    const res = await add(
      carer.token,
      'diagnosis',
      { diagnosis: 'Acute bronchitis', notes: 'Visit note: cough for 10 days, chest clear. Rest and fluids.', told_by: 'ignored', doctor: stranger.id },
      patient.id,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Added successfully');
    const history = await historyAs(patient);
    expect(history.diagnosis).toEqual([
      {
        _id: res.json()._id,
        diagnosis: 'Acute bronchitis',
        notes: 'Visit note: cough for 10 days, chest clear. Rest and fluids.',
        told_by: '',
        told_by_doctor: null,
        doctor: { _id: carer.id, name: 'Omar Fathy' },
        author: { _id: carer.id, name: 'Omar Fathy', role: 'doctor' },
        self_reported: false,
        hidden: false,
      },
    ]);
  });

  it('lets him add lab results, allergies and the other kinds too', async () => {
    const lab = await add(
      carer.token,
      'lab',
      { lab: 'Chest X-ray', name: 'Clinic imaging', result: { filename: 'xray.png', content: tinyPng, type: 'image/png' } },
      patient.id,
    );
    expect(lab.statusCode, lab.body).toBe(200);
    const allergy = await add(carer.token, 'allergies', { substance: 'Latex', reaction: 'Rash', severity: 'mild' }, patient.id);
    expect(allergy.statusCode, allergy.body).toBe(200);
    const medicine = await add(carer.token, 'medicines', { medicine: 'Salbutamol inhaler', date: '2026-11-20' }, patient.id);
    expect(medicine.statusCode, medicine.body).toBe(200);
    const history = await historyAs(carer);
    for (const list of [history.laboratory_tests, history.allergies, history.medicines]) {
      expect(list[0]).toMatchObject({ author: { _id: carer.id, name: 'Omar Fathy' }, self_reported: false });
    }
    // The result file is readable by the patient through the authorized route.
    // (The address in a history answer is signed for its reader; with her own token she opens the route itself.)
    const file = await server.app.inject({ method: 'GET', url: history.laboratory_tests[0].result.split('?')[0], headers: { authorization: patient.token } });
    expect(file.statusCode).toBe(200);
    const log = await logOf(patient);
    const added = log.find((e) => e.actor.name === 'Omar Fathy' && e.action === 'add' && e.target === 'allergies');
    expect(added).toMatchObject({ outcome: 'allowed', reason: expect.stringMatching(/upcoming appointment/) });
  });

  it('refuses a doctor without a care relation, and other roles, with 403 and logs the refusal', async () => {
    for (const account of [stranger, otherPatient, pharmacist]) {
      const res = await add(account.token, 'diagnosis', { diagnosis: 'Made up' }, patient.id);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('Only the patient and the doctors caring for her can add to this medical history');
    }
    const history = await historyAs(patient);
    expect(history.diagnosis.some((d: { diagnosis: string }) => d.diagnosis === 'Made up')).toBe(false);
    const log = await logOf(patient);
    expect(log.some((e) => e.actor.name === 'Never Seen' && e.action === 'add' && e.outcome === 'denied')).toBe(true);
    // A doctor naming nobody still gets the long-standing answer.
    const own = await add(carer.token, 'medicines', { medicine: 'Aspirin', date: '01/01/2020' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Only patients can add to their own medical history');
  });
});

describe('what the patient may do with what a doctor wrote', () => {
  it('refuses to delete a doctor’s entry, and logs the refusal', async () => {
    const target = (await historyAs(patient)).diagnosis[0]._id;
    const res = await remove(patient.token, 'diagnosis', `diagnosis=${target}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('A doctor wrote this entry: you can hide it from your view, but not delete it');
    expect((await historyAs(patient)).diagnosis.map((d: { _id: string }) => d._id)).toContain(target);
    expect((await logOf(patient)).some((e) => e.action === 'delete' && e.target === 'diagnosis' && e.outcome === 'denied')).toBe(true);
  });

  it('lets her hide it: flagged hidden for her, still there for the doctor, logged, and shown again on unhide', async () => {
    const target = (await historyAs(patient)).diagnosis[0]._id;
    const hide = await change(patient.token, 'hide', 'diagnosis', `diagnosis=${target}`);
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toEqual({ message: 'Hidden from your view' });
    expect((await historyAs(patient)).diagnosis[0]).toMatchObject({ _id: target, hidden: true });
    expect((await historyAs(carer)).diagnosis[0]).toMatchObject({ _id: target, hidden: true, diagnosis: 'Acute bronchitis' });
    expect(
      (await logOf(patient)).some((e) => e.actor.name === 'Nour Hassan' && e.action === 'hide' && e.target === 'diagnosis' && e.outcome === 'allowed'),
    ).toBe(true);
    const unhide = await change(patient.token, 'unhide', 'diagnosis', `diagnosis=${target}`);
    expect(unhide.json()).toEqual({ message: 'Shown again' });
    expect((await historyAs(patient)).diagnosis[0].hidden).toBe(false);
  });

  it('lets only the patient hide, and not her own entries (she removes those)', async () => {
    const target = (await historyAs(patient)).diagnosis[0]._id;
    for (const account of [carer, stranger, otherPatient]) {
      const res = await change(account.token, 'hide', 'diagnosis', `diagnosis=${target}`);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(403);
      expect(res.statusCode).toBeLessThan(405);
    }
    const mine = await add(patient.token, 'surgeries', { name: 'Knee arthroscopy', date: '2019-05-05' });
    const res = await change(patient.token, 'hide', 'surgeries', `surgery=${mine.json()._id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You wrote this entry yourself: remove it instead of hiding it');
  });
});

describe('removing her own entries, with undo', () => {
  it('removes and restores within the undo time, both logged', async () => {
    const added = await add(patient.token, 'allergies', { substance: 'Peanuts', reaction: 'Swollen lips', severity: 'moderate' });
    const id = added.json()._id;
    const res = await remove(patient.token, 'allergies', `allergy=${id}`);
    expect(res.json()).toEqual({ message: 'Removed successfully' });
    expect((await historyAs(patient)).allergies.map((a: { _id: string }) => a._id)).not.toContain(id);
    expect((await historyAs(carer)).allergies.map((a: { _id: string }) => a._id)).not.toContain(id);
    const restored = await change(patient.token, 'restore', 'allergies', `allergy=${id}`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await historyAs(patient)).allergies.find((a: { _id: string }) => a._id === id)).toMatchObject({
      substance: 'Peanuts',
      severity: 'moderate',
      self_reported: true,
    });
    const log = await logOf(patient);
    expect(log.some((e) => e.action === 'delete' && e.target === 'allergies' && e.outcome === 'allowed')).toBe(true);
    expect(log.some((e) => e.action === 'restore' && e.target === 'allergies' && e.outcome === 'allowed')).toBe(true);
  });

  it('cannot restore after the undo time, when the entry is gone for good', async () => {
    const id = (await add(patient.token, 'medicines', { medicine: 'Cetirizine', date: '2026-10-01' })).json()._id;
    await remove(patient.token, 'medicines', `medicine=${id}`);
    await server.app.db.updateTable('history_medicines').set({ deleted_at: '2001-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    const late = await change(patient.token, 'restore', 'medicines', `medicine=${id}`);
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe('This entry was removed too long ago to be restored');
    await historyAs(patient);
    expect(await server.app.db.selectFrom('history_medicines').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('does not let anyone else restore or remove her entries', async () => {
    const id = (await add(patient.token, 'medicines', { medicine: 'Ibuprofen', date: '2026-10-02' })).json()._id;
    await remove(patient.token, 'medicines', `medicine=${id}`);
    for (const account of [carer, otherPatient]) {
      const res = await change(account.token, 'restore', 'medicines', `medicine=${id}`);
      expect(res.statusCode).toBeGreaterThanOrEqual(403);
    }
    expect((await historyAs(patient)).medicines.map((m: { _id: string }) => m._id)).not.toContain(id);
  });
});

describe('the log row and the change share one transaction', () => {
  /** Makes the database refuse access-log rows of one action, as a failing log write would. */
  async function refuseLogRows(action: string) {
    const db = server.app.db;
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`create or replace function refuse_log_row() returns trigger language plpgsql as $$
        begin if new.action = ${sql.lit(action)} then raise exception 'log unavailable'; end if; return new; end $$`.execute(db);
      await sql`create trigger refuse_log_row before insert on history_access_log for each row execute function refuse_log_row()`.execute(db);
      return async () => {
        await sql`drop trigger refuse_log_row on history_access_log`.execute(db);
      };
    }
    await sql`create trigger refuse_log_row before insert on history_access_log when new.action = ${sql.lit(action)}
      begin select raise(abort, 'log unavailable'); end`.execute(db);
    return async () => {
      await sql`drop trigger refuse_log_row`.execute(db);
    };
  }

  it('adds nothing when the add cannot be logged', async () => {
    const restore = await refuseLogRows('add');
    try {
      const res = await add(carer.token, 'diagnosis', { diagnosis: 'Unlogged diagnosis' }, patient.id);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await restore();
    }
    expect((await historyAs(patient)).diagnosis.some((d: { diagnosis: string }) => d.diagnosis === 'Unlogged diagnosis')).toBe(false);
  });

  it('hides and removes nothing when the change cannot be logged', async () => {
    const history = await historyAs(patient);
    const doctorEntry = history.diagnosis.find((d: { self_reported: boolean }) => !d.self_reported)._id;
    const own = (await add(patient.token, 'surgeries', { name: 'Wisdom tooth removal', date: '2015-03-03' })).json()._id;
    const restoreHide = await refuseLogRows('hide');
    try {
      expect((await change(patient.token, 'hide', 'diagnosis', `diagnosis=${doctorEntry}`)).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await restoreHide();
    }
    const restoreDelete = await refuseLogRows('delete');
    try {
      expect((await remove(patient.token, 'surgeries', `surgery=${own}`)).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await restoreDelete();
    }
    const after = await historyAs(patient);
    expect(after.diagnosis.find((d: { _id: string }) => d._id === doctorEntry).hidden).toBe(false);
    expect(after.surgeries.map((s: { _id: string }) => s._id)).toContain(own);
  });
});

describe('allergies', () => {
  it('checks substance and severity with messages a person understands', async () => {
    const none = await add(patient.token, 'allergies', { substance: '', severity: 'mild' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please enter the substance');
    for (const severity of ['', 'deadly', '[object Object]']) {
      const res = await add(patient.token, 'allergies', { substance: 'Aspirin', severity });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please choose the severity: mild, moderate or severe');
    }
    const long = await add(patient.token, 'allergies', { substance: 'x'.repeat(201), severity: 'mild' });
    expect(long.json().message).toBe('The substance is too long (at most 200 characters)');
  });

  it('follows the same read rules as every other section', async () => {
    for (const account of [stranger, otherPatient, pharmacist]) expect((await read(account.token, patient.id)).statusCode).toBe(403);
    const guest = await server.app.inject({ method: 'POST', url: '/api/history/allergies', ...multipart({ substance: 'Dust', severity: 'mild' }) });
    expect(guest.statusCode).toBe(401);
    const theirs = (await add(otherPatient.token, 'allergies', { substance: 'Shellfish', severity: 'severe' })).json()._id;
    const res = await remove(patient.token, 'allergies', `allergy=${theirs}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This entry is not in your medical history');
    expect((await historyAs(otherPatient, otherPatient.id)).allergies.map((a: { _id: string }) => a._id)).toContain(theirs);
  });
});
