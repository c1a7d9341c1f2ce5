import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../../server/db/statement-cache.js';

describe('the SQLite statement cache', () => {
  it('prepares each SQL text once, runs it again with new parameters, and evicts the least recently used', () => {
    const raw = new Database(':memory:');
    raw.exec('create table t (x integer)');
    let prepared = 0;
    const counting = new Proxy(raw, {
      get: (target, key) => (key === 'prepare' ? (sql: string) => ((prepared += 1), target.prepare(sql)) : Reflect.get(target, key)),
    });
    const db = withStatementCache(counting, 2);

    for (let i = 0; i < 5; i += 1) db.prepare('insert into t (x) values (?)').run([i]);
    expect(db.prepare('select sum(x) as s from t').all([])).toEqual([{ s: 10 }]);
    expect(prepared).toBe(2);

    db.prepare('select count(*) as n from t'); // a third text evicts the insert, used longest ago
    db.prepare('select sum(x) as s from t');
    expect(prepared).toBe(3);
    db.prepare('insert into t (x) values (?)');
    expect(prepared).toBe(4);
    db.close();
  });
});
