import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, startTestServer } from '../helpers.js';
import { concretePaths, isWrite, label, listEndpoints, type Endpoint } from './endpoints.js';
import { hostileStrings, longText, malformedBodies, multipartBody, unknownFields, wrongFiles, wrongTypeBodies, type Body } from './hostile.js';

/**
 * Every write endpoint the server serves (read from its own OpenAPI document, so new endpoints are
 * swept without editing this file) receives empty, oversized, mistyped, malformed and hostile
 * requests as a guest and as each role. None may produce a 5xx, and every refusal is JSON `{message}`.
 *
 * The sweep is split between test files (`part` of `parts`) that run side by side, each on a server of
 * its own: every write endpoint is swept by exactly one of them, the read endpoints by the first and
 * the property-based forms by the last.
 */
type Who = 'guest' | 'patient' | 'doctor' | 'pharmacist';

/** Sweeps its part of the endpoints (see above); called at the top of a test file. */
export async function sweepBadInput({ part, parts }: { part: number; parts: number }) {
  const server = await startTestServer({ seed: true, env: { LOGIN_MAX_ATTEMPTS: '1000000', LOGIN_MAX_DELAY_SECONDS: '0' } });
  const { app } = server;
  afterAll(() => server.close());

  const accounts = new Map<Who, { token: string; email: string; password: string }>();

  /**
   * Sends a request as `who`. A case may log its token out, change its password or end its sessions,
   * so a 401 to a signed-in request is checked: when the token no longer works, the role signs in again
   * (a new account if the password changed) and the same request is sent once more, so every case still
   * reaches the code behind the sign-in check. A live token is not checked before every request.
   */
  async function injectAs(who: Who, request: InjectOptions): Promise<LightMyRequestResponse> {
    if (who === 'guest') return app.inject(request);
    const send = (token: string) => app.inject({ ...request, headers: { ...request.headers, authorization: token } });
    let account = accounts.get(who) ?? (await newAccount(who));
    const res = await send(account.token);
    if (res.statusCode !== 401 || (await app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: account.token } })).statusCode === 200) {
      return res;
    }
    account = await signInAgain(who, account);
    return send(account.token);
  }

  async function newAccount(who: Exclude<Who, 'guest'>) {
    const { token, email, password } = await signUpAndLogin(app, who);
    accounts.set(who, { token, email, password });
    return accounts.get(who)!;
  }

  /** Logs the same account in again (one password check), or makes a new one when its password was changed. */
  async function signInAgain(who: Exclude<Who, 'guest'>, account: { email: string; password: string }) {
    const form = multipartBody([
      ['email', account.email],
      ['password', account.password],
    ]);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: form.payload, headers: form.headers });
    const token = login.statusCode === 200 ? login.json().token : undefined;
    if (typeof token !== 'string') return newAccount(who);
    accounts.set(who, { ...account, token });
    return accounts.get(who)!;
  }

  /** Ids and slugs that exist, so hostile values also reach code behind the "not found" checks. */
  async function plausibleValues(): Promise<string[]> {
    const doctors = (await app.inject('/api/doctors')).json().doctors ?? [];
    const blogs = (await app.inject('/api/blog')).json().blogs ?? [];
    const products = (await app.inject('/api/medicines/?page=1')).json().products ?? [];
    const values = ['6078afb1fb33703fe4a1414a', 'diagnosis', 'Cardiology', '1', '5', 'usd'];
    for (const d of doctors.slice(0, 2)) values.push(d._id, d.name);
    for (const b of blogs.slice(0, 2)) values.push(b._id, b.slug);
    for (const p of products.slice(0, 2)) values.push(p.slug);
    const doctor = doctors[0] && (await app.inject(`/api/doctors/?name=${encodeURIComponent(doctors[0].name)}`)).json().doctor;
    for (const slot of doctor?.availableDates?.slice(0, 2) ?? []) values.push(slot._id);
    return values;
  }
  const plausible = await plausibleValues();

  /** Null when the answer is acceptable, otherwise a line describing what went wrong. */
  function problem(res: LightMyRequestResponse, what: string): string | null {
    if (res.statusCode >= 500) return `${what} → ${res.statusCode} ${res.body.slice(0, 160)}`;
    let json: any;
    try {
      json = res.json();
    } catch {
      return `${what} → ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 80)}`;
    }
    if (res.statusCode !== 200 && (typeof json?.message !== 'string' || json.message.trim() === '')) {
      return `${what} → ${res.statusCode} without a message: ${res.body.slice(0, 120)}`;
    }
    return null;
  }

  /** Percent-encodes like a browser; a lone surrogate (which has no UTF-8 form) becomes U+FFFD first. */
  const enc = (value: string) => encodeURIComponent(value.replace(/\p{Cs}/gu, '\uFFFD'));
  /** Query values sent as they are: broken percent escapes and invalid UTF-8. */
  const rawQueryValues = ['%', '%E0%A4%A', '%ED%A0%80', '%FF%FE', '%00'];

  const withQuery = (path: string, query: string[], value: string, raw = false) =>
    query.length ? `${path}?${query.map((q) => `${q}=${raw ? value : enc(value)}`).join('&')}` : path;

  /**
   * One hostile request. `beforeGate` marks the cases whose bytes are read before the sign-in and role
   * checks (body and query parsing, size limits) and a few hostile values: a role those checks refuse
   * is sent only these (see the sweep below).
   */
  interface SweepCase {
    what: string;
    url: string;
    body: Body;
    beforeGate?: boolean;
  }

  /** Every hostile case for one endpoint and one concrete path; the first is an empty form. */
  function cases(e: Endpoint, path: string): SweepCase[] {
    const list: SweepCase[] = [];
    const fields = [...e.fields];
    list.push({ what: 'empty multipart body', url: path, body: multipartBody([]), beforeGate: true });
    for (const m of malformedBodies()) list.push({ what: m.label, url: withQuery(path, e.query, plausible[0]), body: m.body, beforeGate: true });
    for (const w of wrongTypeBodies(fields)) list.push({ what: w.label, url: path, body: w.body });
    for (const s of hostileStrings) {
      const shown = s.length > 30 ? `${s.length}-char string` : JSON.stringify(s);
      list.push({
        what: `every field and query value ${shown}`,
        url: withQuery(path, e.query, s),
        body: multipartBody(fields.map((f) => [f, s])),
        beforeGate: s === longText || s === '\u0000' || s === '\uD800',
      });
    }
    list.push({
      what: 'unknown fields',
      url: path,
      body: multipartBody([...fields.map((f) => [f, 'x'] as [string, string]), ...unknownFields.map((f) => [f, 'doctor'] as [string, string])]),
    });
    list.push({
      what: 'prototype pollution in JSON',
      url: path,
      body: { payload: '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}', headers: { 'content-type': 'application/json' } },
      beforeGate: true,
    });
    for (const raw of rawQueryValues) {
      list.push({ what: `query value ${raw} as it is`, url: withQuery(path, e.query, raw, true), body: multipartBody([]), beforeGate: true });
    }
    if (e.query.length)
      list.push({ what: 'a query value given twice', url: `${path}?${e.query.map((q) => `${q}=a&${q}=b`).join('&')}`, body: multipartBody([]) });
    for (const field of e.files) {
      for (const f of wrongFiles) {
        list.push({
          what: `${field}: ${f.label}`,
          url: path,
          body: multipartBody(
            fields.map((n) => [n, 'Sweep value']),
            [{ field, filename: f.filename, type: f.type, content: f.content }],
          ),
        });
      }
      const tooBig = Buffer.alloc(server.config.uploadMaxBytes + 1024, 0x89);
      list.push({
        what: `${field}: a file over the size limit`,
        url: path,
        body: multipartBody([], [{ field, filename: 'big.png', type: 'image/png', content: tooBig }]),
        beforeGate: true,
      });
    }
    return list;
  }

  const endpoints = listEndpoints(app);
  const writes = endpoints.filter(isWrite);
  /** Signup and login behave the same for everybody: sweeping them as a guest is enough. */
  const rolesFor = (e: Endpoint): Who[] => (/\/auth\/(signup|login)$/.test(e.path) ? ['guest'] : ['guest', 'patient', 'doctor', 'pharmacist']);

  describe('bad input on every write endpoint', () => {
    if (part === 1) {
      it('finds the write endpoints in the OpenAPI document', () => {
        expect(writes.length).toBeGreaterThanOrEqual(10);
      });
    }

    for (const e of writes.filter((_, index) => index % parts === part - 1)) {
      it(`${label(e)}: no 5xx, every refusal a JSON message`, { timeout: 240_000 }, async () => {
        const failures: string[] = [];
        const longAccepted: string[] = [];
        for (const who of rolesFor(e)) {
          for (const path of concretePaths(e)) {
            // The first case is an empty form. A role it leaves refused (401, 403) is stopped by the
            // sign-in or role check before any field is read, so the other hostile values would only meet
            // that same check again: that role gets the cases read before the check. A role let through
            // gets every case. About half the sweep's requests were refusals at that check.
            let refusedAtGate = false;
            for (const [index, c] of cases(e, path).entries()) {
              if (refusedAtGate && !c.beforeGate) continue;
              const res = await injectAs(who, { method: e.method, url: c.url, payload: c.body.payload, headers: c.body.headers });
              if (index === 0) refusedAtGate = res.statusCode === 401 || res.statusCode === 403;
              const bad = problem(res, `${who}: ${c.what} (${e.method} ${c.url.slice(0, 120)})`);
              if (bad) failures.push(bad);
              if (res.statusCode === 200 && c.body.payload && String(c.body.payload).includes(longText)) longAccepted.push(`${who}: ${c.what}`);
            }
          }
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(failures).toEqual([]);
        // Ten thousand characters in every field is never a real form: it must be refused.
        expect(longAccepted).toEqual([]);
      });
    }

    // Only one part runs it (a test registered as skipped would be counted as skipped).
    if (part === 1) {
      it('answers hostile query values on every read endpoint without a 5xx', async () => {
        const failures: string[] = [];
        // Reads change nothing, so the patient's token stays live through this test.
        const token = (accounts.get('patient') ?? (await newAccount('patient'))).token;
        for (const e of endpoints.filter((x) => x.method === 'GET')) {
          for (const path of concretePaths(e)) {
            for (const [s, raw] of [
              ...hostileStrings.map((v) => [v, false] as const),
              ...rawQueryValues.map((v) => [v, true] as const),
              ['a&b=c#d', true] as const,
              ['+%2B+', true] as const,
            ]) {
              for (const auth of [undefined, 'null', 'not-a-token', token]) {
                const url = e.query.length ? withQuery(path, e.query, s, raw) : `${path}?junk=${raw ? s : enc(s)}`;
                const res = await app.inject({ method: 'GET', url, headers: auth ? { authorization: auth } : {} });
                const bad = problem(res, `GET ${url.slice(0, 100)} (${auth ? 'token' : 'guest'})`);
                if (bad) failures.push(bad);
              }
            }
          }
        }
        expect(failures).toEqual([]);
      }, 120_000);
    }

    // Only one part runs it (a test registered as skipped would be counted as skipped).
    if (part === parts) {
      it('holds for arbitrary forms and queries (property-based)', async () => {
        const anyValue = fc.oneof(
          fc.constantFrom(...hostileStrings, ...plausible),
          fc.string({ maxLength: 40 }),
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.integer().map(String),
          fc.double().map(String),
        );
        const sample = fc.record({
          endpoint: fc.constantFrom(...writes.filter((e) => !/\/auth\/(signup|login)$/.test(e.path))),
          who: fc.constantFrom<Who>('guest', 'patient', 'doctor', 'pharmacist'),
          pathValue: anyValue,
          query: fc.array(anyValue, { maxLength: 3 }),
          form: fc.array(
            fc.tuple(
              fc.oneof(
                fc.constantFrom(
                  'title',
                  'content',
                  'quantity',
                  'product',
                  'date',
                  'time',
                  'rate',
                  'email',
                  'password',
                  'name',
                  'number',
                  'cvc',
                  'exp_month',
                  'exp_year',
                  'diagnosis',
                  'cured',
                  ...unknownFields,
                ),
                fc.string({ minLength: 1, maxLength: 12 }),
              ),
              anyValue,
            ),
            { maxLength: 8 },
          ),
          asJson: fc.boolean(),
        });
        await fc.assert(
          fc.asyncProperty(sample, async ({ endpoint, who, pathValue, query, form, asJson }) => {
            const path = endpoint.path.replace(/\{[^}]+\}/g, enc(pathValue) || 'x');
            const params = endpoint.query.map((q, i) => `${q}=${enc(query[i] ?? plausible[i % plausible.length])}`).join('&');
            const url = params ? `${path}?${params}` : path;
            const body: Body = asJson
              ? { payload: JSON.stringify(Object.fromEntries(form)), headers: { 'content-type': 'application/json' } }
              : multipartBody(form.map(([k, v]) => [k.replace(/["\r\n]/g, ''), v]));
            const res = await injectAs(who, { method: endpoint.method, url, payload: body.payload, headers: body.headers });
            const bad = problem(res, `${who} ${endpoint.method} ${url}`);
            if (bad) throw new Error(bad);
          }),
          { numRuns: Number(process.env.SWEEP_RUNS ?? 400) },
        );
      }, 240_000);
    }
  });
}
