import { open, type FileHandle } from 'node:fs/promises';

/**
 * When what the database committed is on disk. Nothing leaves the server (an answer, a chat
 * message, an email, a card charge) while a commit before it may still be lost to a power cut.
 */
export interface Durability {
  /** True while a commit is not yet known to be on disk. */
  readonly behind: boolean;
  /** Resolves once every commit made before the call is on disk; rejects when the disk refused. */
  settled(): Promise<void>;
  /** Told after each commit. */
  committed(): void;
  close(): Promise<void>;
}

/** PostgreSQL confirms a commit only once its log is on disk: there is nothing to wait for. */
export const durableOnCommit: Durability = {
  behind: false,
  settled: () => Promise.resolve(),
  committed: () => undefined,
  close: async () => undefined,
};

/**
 * Group commit for SQLite in WAL mode. SQLite runs with `synchronous = NORMAL`, so a commit appends
 * to the log without waiting for the disk; the first caller of `settled()` starts one `fdatasync`
 * of the log on a libuv thread, and every commit made meanwhile waits for the next one. Under load
 * one sync covers many commits, and the event loop never blocks on the disk. Everything a caller
 * waited for is then as safe as with `synchronous = FULL`: the log holds it, checksummed, on disk.
 */
export function walGroupCommit(walFile: string): Durability {
  let handle: Promise<FileHandle | null> | null = null;
  // The log exists from the first commit on and keeps its inode while the portal holds the
  // database open (a checkpoint rewinds or truncates it; it is never replaced).
  const log = () =>
    (handle ??= open(walFile, 'r').catch((error: NodeJS.ErrnoException) => {
      handle = null;
      if (error.code === 'ENOENT') return null;
      throw error;
    }));
  return groupCommit(
    async () => {
      const file = await log();
      await file?.datasync();
    },
    async () => {
      const file = await handle?.catch(() => null);
      handle = null;
      await file?.close();
    },
  );
}

/**
 * Commits counted, and `sync` run for them: never two at once, and each run covers every commit
 * counted before it started. A failed sync leaves them waiting; the next caller tries again.
 */
export function groupCommit(sync: () => Promise<void>, release: () => Promise<void> = async () => undefined): Durability {
  let written = 0;
  let synced = 0;
  let syncing: Promise<void> | null = null;

  async function syncOnce(): Promise<void> {
    const upTo = written;
    await sync();
    synced = Math.max(synced, upTo);
  }

  return {
    get behind() {
      return synced < written;
    },
    async settled() {
      const target = written;
      while (synced < target) {
        syncing ??= syncOnce().finally(() => (syncing = null));
        await syncing;
      }
    },
    committed() {
      written += 1;
    },
    async close() {
      await syncing?.catch(() => undefined);
      await release();
    },
  };
}
