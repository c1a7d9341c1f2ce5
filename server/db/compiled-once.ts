import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Stands for the call's nth value while the query is built; a real value never starts with NUL. */
const mark = (index: number) => `\u0000compiled-once:${index}`;
const indexOf = (parameter: unknown) => (typeof parameter === 'string' && parameter.startsWith('\u0000compiled-once:') ? Number(parameter.slice(15)) : -1);

/**
 * A query of the hottest paths, built and compiled by Kysely once and then run with each call's own
 * values: on a signed-in write, building and compiling the same few queries cost more of the
 * server's time than SQLite running them. The query is built with marks in place of the values,
 * whose places among the compiled parameters are found once; the SQL text stays the same object, so
 * the statement caches find it at once too.
 *
 * Compiled once per database (its dialect adapter, shared by its transactions), so a process that
 * opens SQLite and PostgreSQL side by side runs each its own SQL.
 *
 * Only for queries whose values are scalars passed as they are: no list of ids, nothing that would
 * change the query's shape from one call to the next. Updates and deletes are
 * refused: the response cache reads the row they name from the built query (db/written-rows.ts),
 * and here it would read the mark.
 */
export function compiledOnce<A extends unknown[], R>(build: (db: Executor, ...values: A) => Compilable<R>) {
  const compiledFor = new WeakMap<object, { query: CompiledQuery<R>; slots: number[] }>();
  const arity = build.length - 1;
  return async (executor: Executor, ...values: A): Promise<R[]> => {
    const database = executor.getExecutor().adapter;
    let compiled = compiledFor.get(database);
    if (!compiled) {
      const query = build(executor, ...(Array.from({ length: arity }, (_, i) => mark(i)) as A)).compile();
      if (query.query.kind === 'UpdateQueryNode' || query.query.kind === 'DeleteQueryNode') {
        throw new Error('compiledOnce: updates and deletes name their rows to the response cache; build them each time');
      }
      const slots = query.parameters.map(indexOf);
      for (let i = 0; i < arity; i++) {
        if (!slots.includes(i)) throw new Error(`compiledOnce: value ${i} did not become a parameter of the query`);
      }
      compiled = { query, slots };
      compiledFor.set(database, compiled);
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((constant, i) => (slots[i]! >= 0 ? values[slots[i]!] : constant));
    return (await executor.executeQuery<R>({ ...query, parameters })).rows;
  };
}
