import type { Kysely, KyselyPlugin, QueryId, RootOperationNode, UnknownRow, QueryResult } from 'kysely';
import type { Database } from '../../server/db/schema.js';

/**
 * A view of `db` on which every read (a SELECT) waits after its answer until `contenders` reads
 * are waiting, or `maxWaitMs` passed. Contenders that each read before they write therefore all
 * read before any of them writes: the interleaving that breaks read-then-write.
 *
 * Why it exists: the SQLite driver runs one transaction at a time on its one connection, so
 * requests racing through HTTP never overlap on SQLite and a race test there passes even when
 * the conditional update is gone. Racing the repository functions on this view (outside a
 * transaction, so each statement takes the connection on its own) makes them overlap on SQLite
 * and PostgreSQL alike; a conditional update does not read first, so it never waits here.
 */
export function readsMeetFirst(db: Kysely<Database>, contenders: number, maxWaitMs = 1000): Kysely<Database> {
  const reads = new WeakSet<QueryId>();
  let waiting: Array<() => void> = [];
  const plugin: KyselyPlugin = {
    transformQuery(args): RootOperationNode {
      if (args.node.kind === 'SelectQueryNode') reads.add(args.queryId);
      return args.node;
    },
    async transformResult(args): Promise<QueryResult<UnknownRow>> {
      if (!reads.has(args.queryId)) return args.result;
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length >= contenders) {
          for (const release of waiting) release();
          waiting = [];
        } else {
          setTimeout(resolve, maxWaitMs);
        }
      });
      return args.result;
    },
  };
  return db.withPlugin(plugin);
}
