import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { recordNotifications, deliverNotifications } from '../modules/notifications/service.js';
import type { NotificationsTable } from '../db/schema.js';
import type { App } from '../types.js';
import { appointmentJobMessage } from './appointment-jobs.js';
import { jobsRepository } from './repository.js';

/** Jobs taken per round; the rest wait for the next round, so one round never runs for long. */
const BATCH = 50;

const turns = new Map<string, Promise<unknown>>();

function inTurn<T>(key: string | null, work: () => Promise<T>): Promise<T> {
  if (!key) return work();
  const previous = turns.get(key) ?? Promise.resolve();
  const next = previous.then(work, work);
  const settled = next.catch(() => undefined);
  turns.set(key, settled);
  void settled.then(() => {
    if (turns.get(key) === settled) turns.delete(key);
  });
  return next;
}

export interface SchedulerOptions {
  /** The clock; tests pass a controllable one. */
  now?: () => Date;
  /** Names this instance in `claimed_by`. */
  instanceId?: string;
}

/**
 * The database-backed scheduler every instance runs. Each round reads the due jobs and, for each,
 * one transaction claims it with a conditional update and writes what it says; only the instance
 * whose update changed the row writes anything, so a job is done once however many instances poll,
 * and a crash before the commit leaves it pending for the next round (also after a restart).
 * Notifications are pushed and emailed after the commit.
 */
export function createScheduler(app: App, options: SchedulerOptions = {}) {
  const now = options.now ?? (() => new Date());
  const instance = options.instanceId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<number> | null = null;
  /** Work every round does after the jobs; each sweep claims its own rows, so instances never repeat one another. */
  const sweeps: { name: string; run: () => Promise<number> }[] = [];

  async function runJob(job: Awaited<ReturnType<ReturnType<typeof jobsRepository>['due']>>[number], at: Date): Promise<NotificationsTable[] | null> {
    return app.db.transaction().execute(async (trx) => {
      const jobs = jobsRepository(trx);
      if (!(await jobs.claim(job.id, 'done', '', instance, at.toISOString()))) return null;
      const decision = await appointmentJobMessage(trx, job, at, app.config.clinicTimeZone);
      if ('skip' in decision) {
        await jobs.settle(job.id, 'skipped', decision.skip);
        return [];
      }
      return recordNotifications(trx, [decision.notification], at.toISOString());
    });
  }

  /** One round: every due job this instance wins, then the sweeps. Resolves with how many jobs it ran (sent or skipped). */
  async function runDue(): Promise<number> {
    const at = now();
    const due = await jobsRepository(app.db).due(at.toISOString(), BATCH);
    let ran = 0;
    const deliveries: Promise<void>[] = [];
    for (const job of due) {
      try {
        const rows = await runJob(job, at);
        if (rows === null) continue;
        ran += 1;
        deliveries.push(deliverNotifications(app, rows));
      } catch (error) {
        // Rolled back: the job stays pending and the next round (here or elsewhere) tries again.
        app.log.warn({ err: error, job: job.id }, 'scheduled job failed; it will be tried again');
      }
    }
    await Promise.all(deliveries);
    for (const sweep of sweeps) {
      // A failed sweep leaves its rows for the next round and never stops the others.
      await sweep.run().catch((error: unknown) => app.log.warn({ err: error, sweep: sweep.name }, 'sweep failed; it will run again next round'));
    }
    return ran;
  }

  /**
   * Rounds never overlap on one instance. On SQLite, schedulers of one process on the same file
   * also take turns: its driver is synchronous, so a second connection waiting for the write lock
   * would block the very thread that must commit the first. (Separate processes wait on the lock as usual.)
   */
  const tick = () => {
    round ??= inTurn(app.dialect === 'sqlite' ? app.config.dataDir : null, runDue)
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'scheduler round failed');
        return 0;
      })
      .finally(() => {
        round = null;
      });
    return round;
  };

  return {
    instance,
    runDue: tick,
    /** Adds a sweep to every round (outside the jobs' transactions: a sweep may call other services). */
    addSweep(name: string, run: () => Promise<number>) {
      sweeps.push({ name, run });
    },
    start(intervalMs: number) {
      if (timer || intervalMs <= 0) return;
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await round;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
