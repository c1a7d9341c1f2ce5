import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCommit, walGroupCommit } from '../../server/db/durability.js';
import { withStatementCache } from '../../server/db/statement-cache.js';
import { notSavedMessage } from '../../server/plugins/durable-answers.js';
import { signUpAndLogin, startTestServer, type TestServer } from './helpers.js';
import { setCart } from './shop-helpers.js';

/** A sync that finishes when the test says, counting how often it was started. */
function manualSync() {
  const runs: { finish: () => void; fail: (error: Error) => void }[] = [];
  const sync = () => new Promise<void>((resolve, reject) => runs.push({ finish: resolve, fail: reject }));
  return { sync, runs };
}

const tick = () => new Promise((r) => setImmediate(r));
/** Whether a promise has settled by now. */
async function isDone(promise: Promise<unknown>) {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await tick();
  return done;
}

describe('group commit', () => {
  it('one sync covers every commit made before it started; later commits wait for the next', async () => {
    const { sync, runs } = manualSync();
    const durability = groupCommit(sync);
    expect(durability.behind).toBe(false);
    await durability.settled(); // nothing to wait for: no sync at all
    expect(runs).toHaveLength(0);

    durability.committed();
    durability.committed();
    durability.committed();
    expect(durability.behind).toBe(true);
    const first = [durability.settled(), durability.settled(), durability.settled()];
    await tick();
    expect(runs).toHaveLength(1);

    durability.committed(); // lands while the first sync runs
    const later = durability.settled();
    runs[0]!.finish();
    await Promise.all(first);
    expect(await isDone(later)).toBe(false);
    expect(durability.behind).toBe(true);
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    await later;
    expect(durability.behind).toBe(false);
    expect(runs).toHaveLength(2);
  });

  it('a sync the disk refuses fails its waiters and leaves the commits behind; the next caller tries again', async () => {
    const { sync, runs } = manualSync();
    const durability = groupCommit(sync);
    durability.committed();
    const waiting = durability.settled();
    await tick();
    runs[0]!.fail(new Error('EIO'));
    await expect(waiting).rejects.toThrow('EIO');
    expect(durability.behind).toBe(true);
    const again = durability.settled();
    await tick();
    runs[1]!.finish();
    await again;
    expect(durability.behind).toBe(false);
  });

  it('syncs the write-ahead log of a real SQLite file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-wal-'));
    const file = path.join(dir, 'db.sqlite');
    const raw = new Database(file);
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    const durability = walGroupCommit(`${file}-wal`);
    const db = withStatementCache(raw, 10, () => durability.committed());
    db.prepare('create table t (x integer)').run([]);
    db.prepare('insert into t (x) values (?)').run([1]);
    expect(durability.behind).toBe(true);
    await durability.settled();
    expect(durability.behind).toBe(false);
    await durability.close();
    raw.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('commits seen by the SQLite statement cache', () => {
  it('counts a write outside a transaction and a transaction that wrote, once each; reads and empty transactions not', () => {
    const raw = new Database(':memory:');
    let commits = 0;
    const db = withStatementCache(raw, 10, () => (commits += 1));
    db.prepare('create table t (x integer)').run([]);
    expect(commits).toBe(1);
    db.prepare('insert into t (x) values (?)').run([1]);
    expect(commits).toBe(2);
    db.prepare('select * from t').all([]);
    expect(commits).toBe(2);
    // An insert that returns its row runs as a reader, and still writes.
    db.prepare('insert into t (x) values (?) returning x').all([2]);
    expect(commits).toBe(3);

    db.prepare('begin').run([]);
    db.prepare('insert into t (x) values (?)').run([3]);
    db.prepare('update t set x = x + 1').run([]);
    expect(commits).toBe(3);
    db.prepare('commit').run([]);
    expect(commits).toBe(4);

    db.prepare('begin').run([]);
    db.prepare('select count(*) from t').all([]);
    db.prepare('commit').run([]);
    expect(commits).toBe(4);
    raw.close();
  });
});

describe('answers wait for the disk', () => {
  let server: TestServer;
  let patient: { token: string };
  /** While closed, the database's commits cannot reach the disk. */
  let gate: { open: () => void; fail: boolean; closed: Promise<void> };
  const closeGate = () => {
    let open = () => undefined as void;
    gate = { open: () => open(), fail: false, closed: new Promise<void>((r) => (open = r)) };
  };
  let commitsSeen = 0;

  beforeAll(async () => {
    closeGate();
    gate.open();
    server = await startTestServer({
      seed: true,
      adapt: (database) => {
        const real = database.durability;
        // The database's own barrier, behind a gate the test holds. Commits are counted where the
        // response cache hears of them (the cache passes them on), on SQLite and PostgreSQL alike.
        let written = 0;
        let synced = 0;
        const report = database.reportWrites;
        database.reportWrites = (writes) => {
          written += 1;
          commitsSeen += 1;
          report(writes);
        };
        database.durability = {
          get behind() {
            return synced < written || real.behind;
          },
          async settled() {
            const target = written;
            await gate.closed;
            if (gate.fail) throw new Error('EIO');
            await real.settled();
            synced = Math.max(synced, target);
          },
          committed: () => real.committed(),
          close: () => real.close(),
        };
      },
    });
    patient = await signUpAndLogin(server.app, 'patient');
  });
  afterAll(async () => {
    gate?.open();
    await server?.close();
  });

  it('a cart change is answered only once its commit is on disk', async () => {
    closeGate();
    const before = commitsSeen;
    const answer = setCart(server.app, patient.token, 'paracetamol-500-mg', 2);
    await new Promise((r) => setTimeout(r, 150));
    expect(commitsSeen).toBeGreaterThan(before);
    expect(await isDone(answer)).toBe(false);
    gate.open();
    const res = await answer;
    expect(res.statusCode).toBe(200);
    expect(res.json().cart.products[0].quantity).toBe(2);
  });

  it('a disk that refuses the log turns the answer into a 503 the person can retry', async () => {
    closeGate();
    gate.fail = true;
    gate.open();
    const res = await setCart(server.app, patient.token, 'paracetamol-500-mg', 3);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: notSavedMessage });
    gate.fail = false;
    const retried = await setCart(server.app, patient.token, 'paracetamol-500-mg', 3);
    expect(retried.statusCode).toBe(200);
  });
});
