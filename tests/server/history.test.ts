import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { demoAccounts } from '../../server/db/seed/people.js';
import { newId } from '../../server/lib/ids.js';
import { multipart, signUpAndLogin, startTestServer, tinyPng, withToken, type TestServer } from './helpers.js';

let server: TestServer;
type Account = Awaited<ReturnType<typeof signUpAndLogin>>;
let owner: Account;
let bookedDoctor: Account;
let unbookedDoctor: Account;
let otherPatient: Account;
let pharmacist: Account;

/** Every field the existing client's shared history form carries, with its untouched values. */
const sharedForm = {
  diagnosis: '[object Object]',
  notes: '',
  doctor: '',
  lab: '',
  result: 'null',
  medicine: '',
  date: '',
  cured: 'false',
  injured: '',
  disease: '',
};

const read = (token: string | null, patient: string) =>
  server.app.inject({ method: 'GET', url: `/api/history/?patient=${patient}`, headers: token === null ? {} : { authorization: token } });
const add = (token: string, kind: string, fields: Parameters<typeof withToken>[1]) =>
  server.app.inject({ method: 'POST', url: `/api/history/${kind}`, ...withToken(token, { ...sharedForm, ...fields }) });
// The existing client sends its deletes with an empty multipart body.
const remove = (token: string, kind: string, query: string) =>
  server.app.inject({ method: 'DELETE', url: `/api/history/${kind}/?${query}`, ...withToken(token) });
const accessLog = (token: string | null, patient: string) =>
  server.app.inject({ method: 'GET', url: `/api/history/access-log/?patient=${patient}`, headers: token === null ? {} : { authorization: token } });

async function historyOf(account: Account) {
  const res = await read(account.token, account.id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().history;
}

function nextWinterDate(): string {
  const year = new Date().getUTCFullYear() + 1;
  return `${year}-01-15`;
}

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  [owner, bookedDoctor, unbookedDoctor, otherPatient, pharmacist] = await Promise.all([
    signUpAndLogin(server.app, 'patient', { name: 'Laila Mahmoud', gender: 'female', blood_type: '-AB ', height: '158', weight: '54' }),
    signUpAndLogin(server.app, 'doctor', { name: 'Dr. Hany Said', specialization: 'Medicine' }),
    signUpAndLogin(server.app, 'doctor'),
    signUpAndLogin(server.app, 'patient'),
    signUpAndLogin(server.app, 'pharmacist'),
  ]);
  // The booked doctor publishes a slot and the owner reserves it through the API.
  const slot = await server.app.inject({
    method: 'POST',
    url: '/api/appointment',
    ...withToken(bookedDoctor.token, { date: nextWinterDate(), time: '11:00' }),
  });
  expect(slot.statusCode, slot.body).toBe(200);
  const slotId = slot.json().appointment._id;
  const reserve = await server.app.inject({
    method: 'POST',
    url: `/api/appointment/reserve/?appointment=${slotId}&receiver=${bookedDoctor.id}`,
    ...withToken(owner.token),
  });
  expect(reserve.statusCode, reserve.body).toBe(200);
  // What ends the access (cancelling, time passing) is in care-relations.test.ts.
});
afterAll(async () => {
  await server?.close();
});

describe('who may read a history', () => {
  it('creates the history on first read from the account, for the owner', async () => {
    const history = await historyOf(owner);
    expect(history.patient).toEqual({ _id: owner.id, name: 'Laila Mahmoud', image: '', phone: '01001234567', email: owner.email, gender: 'female' });
    expect(history).toMatchObject({ blood_type: 'AB-', height: '158', weight: '54', pregnancy: false, currentState: '' });
    for (const list of ['medicines', 'diagnosis', 'chronic_diseases', 'genetic_disease', 'surgeries', 'continuous_medications', 'laboratory_tests']) {
      expect(history[list]).toEqual([]);
    }
    const rows = await server.app.db.selectFrom('histories').selectAll().where('patient_id', '=', owner.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('lets a doctor she holds an upcoming reservation with read it', async () => {
    const res = await read(bookedDoctor.token, owner.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().history.patient._id).toBe(owner.id);
  });

  it('refuses everyone else with a message: a doctor without a reservation, another patient, a pharmacist', async () => {
    for (const outsider of [unbookedDoctor, otherPatient, pharmacist]) {
      const res = await read(outsider.token, owner.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only the patient and the doctors they have booked can open this medical history');
    }
  });

  it('answers guests with 401 Unauthorized, also when the token header is the text null', async () => {
    for (const token of [null, 'null', 'not-a-token']) {
      const res = await read(token, owner.id);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('gives the same refusal for ids that are not patients, and asks for a patient when none is named', async () => {
    for (const id of [newId(), bookedDoctor.id, '../etc', '6078afb1fb33703fe4a1414a']) {
      const res = await read(bookedDoctor.token, id);
      expect(res.statusCode).toBe(403);
    }
    for (const url of ['/api/history', '/api/history/?patient=undefined', '/api/history?patient=']) {
      const none = await server.app.inject({ method: 'GET', url, headers: { authorization: otherPatient.token } });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('Please choose whose medical history to open');
    }
  });

  it('gives the seeded doctor the demo patient’s seeded history with the diagnosing doctors populated', async () => {
    const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', ...multipart(demoAccounts.doctor) });
    const token = login.json().user.tokens[0].token;
    const res = await read(token, demoAccounts.patient.id);
    expect(res.statusCode, res.body).toBe(200);
    const { history } = res.json();
    expect(history.patient.name).toBe('Sara Ali');
    expect(history.diagnosis.length).toBeGreaterThan(0);
    // Names are stored without the title, which screens add.
    expect(history.diagnosis[0].doctor).toEqual({ _id: expect.any(String), name: expect.stringMatching(/^(?!Dr)\S+ \S+/) });
    expect(history.diagnosis[0]).toMatchObject({ self_reported: false, author: { role: 'doctor' } });
    expect(history.allergies).toEqual([
      expect.objectContaining({
        substance: 'Penicillin',
        reaction: 'Hives and swelling',
        severity: 'severe',
        self_reported: true,
        author: expect.objectContaining({ name: 'Sara Ali' }),
      }),
    ]);
    expect(history.genetic_disease[0].cured).toBe(false);
    expect(Number.isNaN(new Date(history.medicines[0].date).getTime())).toBe(false);
  });
});

describe('adding entries (always into the caller’s own history)', () => {
  it('adds every kind from the whole shared form, reading only each kind’s own fields', async () => {
    const steps: [string, Parameters<typeof withToken>[1]][] = [
      [
        'diagnosis',
        { diagnosis: 'Iron deficiency anaemia', notes: 'Ferritin 8', told_by: 'Dr. Karim at the city clinic', medicine: 'left over', date: 'junk' },
      ],
      ['allergies', { substance: 'Penicillin', reaction: 'Hives', severity: 'severe', medicine: 'left over', date: 'junk' }],
      ['medicines', { medicine: 'Ferrous sulphate 200 mg', date: '01/25/1970', diagnosis: 'Iron deficiency anaemia' }],
      ['continuous_medications', { medicine: 'Levothyroxine 50 mcg', dose: 'One tablet before breakfast', date: 'not a date' }],
      ['surgeries', { name: 'Tonsillectomy', date: '03-15-2004', cured: 'maybe' }],
      ['chronic_disease', { diagnosis: 'Asthma', date: '2010-09-01', cured: 'false', name: 'Tonsillectomy' }],
      ['genetic_disease', { disease: 'Thalassaemia minor', injured: 'Mother', cured: 'true', date: '' }],
      [
        'lab',
        { lab: 'Complete blood count', name: 'Cairo Lab', result: { filename: 'cbc.png', content: tinyPng, type: 'image/png' }, diagnosis: '[object Object]' },
      ],
    ];
    for (const [kind, fields] of steps) {
      const res = await add(owner.token, kind, fields);
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ message: 'Added successfully', _id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    }
    const history = await historyOf(owner);
    // Each of her own entries is signed with her account and marked self-reported.
    const mine = { _id: expect.any(String), author: { _id: owner.id, name: 'Laila Mahmoud', role: 'patient' }, self_reported: true, hidden: false };
    expect(history.diagnosis).toEqual([
      { ...mine, diagnosis: 'Iron deficiency anaemia', notes: 'Ferritin 8', doctor: null, told_by: 'Dr. Karim at the city clinic', told_by_doctor: null },
    ]);
    expect(history.allergies).toEqual([{ ...mine, substance: 'Penicillin', reaction: 'Hives', severity: 'severe' }]);
    expect(history.medicines).toEqual([{ ...mine, medicine: 'Ferrous sulphate 200 mg', date: '1970-01-25T12:00:00.000Z' }]);
    expect(history.continuous_medications).toEqual([{ ...mine, medicine: 'Levothyroxine 50 mcg', dose: 'One tablet before breakfast' }]);
    expect(history.surgeries).toEqual([{ ...mine, name: 'Tonsillectomy', date: '2004-03-15T12:00:00.000Z' }]);
    expect(history.chronic_diseases).toEqual([{ ...mine, diagnosis: 'Asthma', date: '2010-09-01T12:00:00.000Z', cured: false }]);
    expect(history.genetic_disease).toEqual([{ ...mine, disease: 'Thalassaemia minor', injured: 'Mother', cured: true }]);
    expect(history.laboratory_tests).toEqual([
      { ...mine, lab: 'Complete blood count', name: 'Cairo Lab', result: expect.stringMatching(/^\/api\/history\/lab\/[0-9a-f]{24}\/result\?v=/) },
    ]);
    // Served privately through the authorized route, never from /uploads.
    const image = await server.app.inject({ method: 'GET', url: history.laboratory_tests[0].result, headers: { authorization: owner.token } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.rawPayload.equals(tinyPng)).toBe(true);
  });

  it('never lets a patient name a doctor as the author of her own diagnosis: a named doctor is who told her', async () => {
    const none = await add(owner.token, 'diagnosis', { diagnosis: 'Seasonal allergy', doctor: '' });
    expect(none.statusCode).toBe(200);
    const history = await historyOf(owner);
    expect(history.diagnosis.find((d: { diagnosis: string }) => d.diagnosis === 'Seasonal allergy').doctor).toBeNull();
    const told = await add(owner.token, 'diagnosis', { diagnosis: 'Told by a doctor', doctor: bookedDoctor.id });
    expect(told.statusCode, told.body).toBe(200);
    for (const doctor of [otherPatient.id, 'Dr. Who']) {
      const res = await add(owner.token, 'diagnosis', { diagnosis: 'Written by a doctor?', doctor });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The doctor you chose is not one of the clinic’s doctors; choose one from the list or leave it empty');
    }
    const after = await historyOf(owner);
    expect(after.diagnosis.some((d: { diagnosis: string }) => d.diagnosis === 'Written by a doctor?')).toBe(false);
    expect(after.diagnosis.find((d: { diagnosis: string }) => d.diagnosis === 'Told by a doctor')).toMatchObject({
      doctor: null,
      self_reported: true,
      told_by_doctor: { _id: bookedDoctor.id, name: 'Hany Said' },
    });
    // Not even the doctor's own view shows a diagnosis of hers as his.
    const seen = (await read(bookedDoctor.token, owner.id)).json().history;
    expect(seen.diagnosis.every((d: { doctor: unknown; self_reported: boolean }) => d.doctor === null && d.self_reported)).toBe(true);
  });

  it('treats the untouched "[object Object]" diagnosis as empty and says what is missing', async () => {
    const res = await add(owner.token, 'diagnosis', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter the diagnosis');
    const chronic = await add(owner.token, 'chronic_disease', { date: '01/01/2000' });
    expect(chronic.json().message).toBe('Please enter the disease name');
  });

  it('reads the hinted date forms and refuses dates it cannot read with a clear 400', async () => {
    const good: [string, string][] = [
      ['01/25/1970', '1970-01-25'],
      ['1-5-1999', '1999-01-05'],
      ['12-31-2020', '2020-12-31'],
      ['25/01/1970', '1970-01-25'],
      ['2001-07-04', '2001-07-04'],
      ['4 July 2001', '2001-07-04'],
      ['Jul 4, 2001', '2001-07-04'],
    ];
    for (const [typed, day] of good) {
      const res = await add(otherPatient.token, 'surgeries', { name: `Surgery on ${typed}`, date: typed });
      expect(res.statusCode, `${typed}: ${res.body}`).toBe(200);
      const history = await historyOf(otherPatient);
      expect(history.surgeries.find((s: { name: string }) => s.name === `Surgery on ${typed}`).date).toBe(`${day}T12:00:00.000Z`);
    }
    for (const typed of ['yesterday', '02/30/2020', '13/13/2020', '01/25/70', '1970-02-29', '01/01/1850']) {
      const res = await add(otherPatient.token, 'medicines', { medicine: 'Paracetamol', date: typed });
      expect(res.statusCode, typed).toBe(400);
      expect(res.json().message).toMatch(/could not be read|must be between/);
    }
    const empty = await add(otherPatient.token, 'medicines', { medicine: 'Paracetamol', date: '' });
    expect(empty.json().message).toBe('Please enter the date, for example 01/25/1970');
  });

  it('parses cured to a boolean and refuses a value that is neither', async () => {
    const cured = await add(otherPatient.token, 'chronic_disease', { diagnosis: 'Gastritis', date: '05/05/2015', cured: 'cured' });
    expect(cured.statusCode).toBe(200);
    const history = await historyOf(otherPatient);
    expect(history.chronic_diseases.find((c: { diagnosis: string }) => c.diagnosis === 'Gastritis').cured).toBe(true);
    const odd = await add(otherPatient.token, 'genetic_disease', { disease: 'X', cured: 'sometimes' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toBe('Please choose the condition: cured or still not cured');
  });

  it('accepts only real images as a test result, checked by content', async () => {
    const fake = await add(owner.token, 'lab', {
      lab: 'Urine test',
      result: { filename: 'result.png', content: Buffer.from('<script>alert(1)</script>'), type: 'image/png' },
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('The test result must be a PNG, GIF or JPEG image');
    const noFile = await add(owner.token, 'lab', { lab: 'Lipid profile' });
    expect(noFile.statusCode).toBe(200);
    const history = await historyOf(owner);
    expect(history.laboratory_tests.find((l: { lab: string }) => l.lab === 'Lipid profile').result).toBe('');
  });

  it('lets only patients add, and answers unknown sections with 404', async () => {
    for (const account of [bookedDoctor, pharmacist]) {
      const res = await add(account.token, 'medicines', { medicine: 'Aspirin', date: '01/01/2020' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only patients can add to their own medical history');
    }
    const guest = await server.app.inject({
      method: 'POST',
      url: '/api/history/medicines',
      ...multipart({ ...sharedForm, medicine: 'Aspirin', date: '01/01/2020' }),
    });
    expect(guest.statusCode).toBe(401);
    const unknown = await add(owner.token, 'vaccinations', { medicine: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no medical history section called "vaccinations"');
  });

  it('answers who may add before what the entry lacks, and says which field is wrong in the order of the form', async () => {
    const guest = await server.app.inject({ method: 'POST', url: '/api/history/medicines', ...multipart({ ...sharedForm, medicine: '' }) });
    expect(guest.statusCode).toBe(401);
    expect((await add(pharmacist.token, 'medicines', { medicine: '' })).statusCode).toBe(403);
    expect((await add(owner.token, 'vaccinations', { medicine: '' })).statusCode).toBe(404);
    const named = await add(owner.token, 'diagnosis', { diagnosis: '', doctor: bookedDoctor.id });
    // A named doctor is who told her, so what the entry lacks is what she hears.
    expect(named.json().message).toBe('Please enter the diagnosis');
    const cases: [string, Record<string, string>, string][] = [
      ['diagnosis', { diagnosis: 'd'.repeat(301), notes: 'n'.repeat(2001) }, 'The diagnosis is too long (at most 300 characters)'],
      ['diagnosis', { diagnosis: 'Flu', notes: 'n'.repeat(2001) }, 'The notes is too long (at most 2000 characters)'],
      ['surgeries', { name: '', date: 'soon' }, 'Please enter the surgery name'],
      ['surgeries', { name: 'Appendix', date: 'soon' }, 'The surgery date "soon" could not be read; please type it as MM-DD-YYYY, for example 01/25/1970'],
      ['medicines', { medicine: 'Aspirin', date: 'd'.repeat(301) }, 'The date is too long (at most 300 characters)'],
      ['continuous_medications', { medicine: 'Insulin', dose: '' }, 'Please enter the dose'],
      ['genetic_disease', { disease: 'Thalassemia', cured: 'perhaps' }, 'Please choose the condition: cured or still not cured'],
      ['lab', { lab: 'CBC', name: 'l'.repeat(301) }, 'The laboratory name is too long (at most 300 characters)'],
    ];
    for (const [kind, fields, message] of cases) {
      const res = await add(owner.token, kind, fields);
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('accepts JSON and urlencoded bodies too', async () => {
    const json = await server.app.inject({
      method: 'POST',
      url: '/api/history/surgeries',
      headers: { authorization: owner.token },
      payload: { name: 'Cataract surgery', date: '06-01-2019' },
    });
    expect(json.statusCode, json.body).toBe(200);
    const form = await server.app.inject({
      method: 'POST',
      url: '/api/history/continuous_medications',
      headers: { authorization: owner.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'medicine=Metformin&dose=500%20mg%20twice%20daily',
    });
    expect(form.statusCode, form.body).toBe(200);
  });
});

describe('removing entries', () => {
  it('removes one entry of every kind with its own parameter, including medicines', async () => {
    const history = await historyOf(owner);
    const pairs: [string, string, string][] = [
      ['diagnosis', 'diagnosis', history.diagnosis[0]._id],
      ['medicines', 'medicine', history.medicines[0]._id],
      ['continuous_medications', 'medicine', history.continuous_medications[0]._id],
      ['surgeries', 'surgery', history.surgeries[0]._id],
      ['chronic_disease', 'disease', history.chronic_diseases[0]._id],
      ['genetic_disease', 'disease', history.genetic_disease[0]._id],
      ['lab', 'lab', history.laboratory_tests[0]._id],
      ['allergies', 'allergy', history.allergies[0]._id],
    ];
    const stored = await server.app.db
      .selectFrom('history_lab_tests')
      .select('result')
      .where('id', '=', history.laboratory_tests[0]._id)
      .executeTakeFirstOrThrow();
    const labFile = server.app.privateFiles.locate(stored.result)?.file ?? '';
    expect(existsSync(labFile)).toBe(true);
    for (const [kind, param, id] of pairs) {
      const res = await remove(owner.token, kind, `${param}=${id}`);
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ message: 'Removed successfully' });
    }
    const after = await historyOf(owner);
    const ids = JSON.stringify(after);
    for (const [, , id] of pairs) expect(ids).not.toContain(id);
    // A removed result is no longer reachable by its address, and its file goes once the undo time is over.
    const address = await server.app.inject({
      method: 'GET',
      url: `/api/history/lab/${history.laboratory_tests[0]._id}/result`,
      headers: { authorization: owner.token },
    });
    expect(address.statusCode).toBe(404);
    await server.app.db
      .updateTable('history_lab_tests')
      .set({ deleted_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', history.laboratory_tests[0]._id)
      .execute();
    await historyOf(owner);
    expect(existsSync(labFile)).toBe(false);
    expect(
      await server.app.db.selectFrom('history_lab_tests').select('id').where('id', '=', history.laboratory_tests[0]._id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('cannot remove another patient’s entry, and says so', async () => {
    const theirs = await historyOf(otherPatient);
    const target = theirs.surgeries[0]._id;
    const res = await remove(owner.token, 'surgeries', `surgery=${target}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This entry is not in your medical history');
    const doctor = await remove(bookedDoctor.token, 'surgeries', `surgery=${target}`);
    expect(doctor.statusCode).toBe(403);
    expect((await historyOf(otherPatient)).surgeries.map((s: { _id: string }) => s._id)).toContain(target);
  });

  it('asks for the entry when the parameter is missing or wrong', async () => {
    const res = await remove(owner.token, 'surgeries', 'disease=');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose the entry to remove (?surgery=id)');
    const guest = await server.app.inject({ method: 'DELETE', url: `/api/history/lab/?lab=${newId()}` });
    expect(guest.statusCode).toBe(401);
  });
});

describe('the access log', () => {
  it('records each read and change with who, role, what, when and outcome, and never the medical values', async () => {
    const res = await accessLog(owner.token, owner.id);
    expect(res.statusCode, res.body).toBe(200);
    const { entries } = res.json();
    const has = (name: string, role: string, action: string, target: string, outcome: string) =>
      entries.some(
        (e: { actor: { name: string; role: string }; action: string; target: string; outcome: string }) =>
          e.actor.name === name && e.actor.role === role && e.action === action && e.target === target && e.outcome === outcome,
      );
    expect(has('Hany Said', 'doctor', 'read', 'history', 'allowed')).toBe(true);
    expect(has('Laila Mahmoud', 'patient', 'read', 'history', 'allowed')).toBe(true);
    // Guests' refusals are counted per address rather than written one row each.
    expect(res.json().guestRefusals.some((r: { count: number }) => r.count >= 1)).toBe(true);
    for (const kind of ['diagnosis', 'lab', 'medicines', 'continuous_medications', 'surgeries', 'chronic_disease', 'genetic_disease', 'allergies']) {
      expect(has('Laila Mahmoud', 'patient', 'add', kind, 'allowed'), kind).toBe(true);
      expect(has('Laila Mahmoud', 'patient', 'delete', kind, 'allowed'), kind).toBe(true);
    }
    const pharmacistName = (await server.app.db.selectFrom('users').select('name').where('id', '=', pharmacist.id).executeTakeFirstOrThrow()).name;
    expect(has(pharmacistName, 'pharmacist', 'read', 'history', 'denied')).toBe(true);
    // Newest first, each with a parsable time.
    const times = entries.map((e: { created_at: string }) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const text = JSON.stringify(entries);
    for (const value of ['Iron deficiency', 'Ferrous', 'Thalassaemia', 'Cairo Lab', 'Tonsillectomy']) expect(text).not.toContain(value);
  });

  it('does not record failed adds as changes', async () => {
    const before = (await accessLog(owner.token, owner.id)).json().entries.filter((e: { action: string }) => e.action === 'add').length;
    await add(owner.token, 'medicines', { medicine: 'Aspirin', date: 'someday' });
    const after = (await accessLog(owner.token, owner.id)).json().entries.filter((e: { action: string }) => e.action === 'add').length;
    expect(after).toBe(before);
  });

  it('is for the owning patient only, and refused reads of it are logged too', async () => {
    for (const outsider of [bookedDoctor, otherPatient, pharmacist]) {
      const res = await accessLog(outsider.token, owner.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only the patient can see who viewed this medical history');
    }
    expect((await accessLog(null, owner.id)).statusCode).toBe(401);
    const { entries } = (await accessLog(owner.token, owner.id)).json();
    expect(
      entries.some(
        (e: { actor: { name: string }; target: string; outcome: string }) =>
          e.actor.name === 'Hany Said' && e.target === 'access-log' && e.outcome === 'denied',
      ),
    ).toBe(true);
  });

  it('checks the page only for those who may read the log', async () => {
    const page = (token: string | null, value: string) =>
      server.app.inject({
        method: 'GET',
        url: `/api/history/access-log/?patient=${owner.id}&page=${value}`,
        headers: token === null ? {} : { authorization: token },
      });
    expect((await page(null, 'zero')).statusCode).toBe(401);
    expect((await page(otherPatient.token, 'zero')).statusCode).toBe(403);
    for (const bad of ['zero', '0', '1.5', '1234567']) {
      const res = await page(owner.token, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('The page must be a whole number from 1');
    }
    expect((await page(owner.token, '')).json().page).toBe(1);
  });

  it('counts a signed-in account’s refused reads in one row per hour, so a flood cannot push real entries out', async () => {
    const flooder = await signUpAndLogin(server.app, 'patient', { name: 'Nosy Neighbour' });
    const before = (await accessLog(owner.token, owner.id)).json().total;
    for (let i = 0; i < 40; i += 1) expect((await read(flooder.token, owner.id)).statusCode).toBe(403);
    const res = (await accessLog(owner.token, owner.id)).json();
    expect(res.total).toBe(before + 1);
    const rows = res.entries.filter((e: { actor: { _id: string } }) => e.actor._id === flooder.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'read', target: 'history', outcome: 'denied', count: 40 });
    expect(Date.parse(rows[0].last_at)).toBeGreaterThanOrEqual(Date.parse(rows[0].created_at));
    // Allowed reads stay one row each, with a count of one.
    expect(res.entries.find((e: { outcome: string }) => e.outcome === 'allowed').count).toBe(1);
  });

  it('cannot be rewritten, even from inside the server', async () => {
    await expect(sql`update history_access_log set outcome = 'allowed'`.execute(server.app.db)).rejects.toThrow(/append-only/);
  });
});
