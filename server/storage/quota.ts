import { sql } from 'kysely';
import type { DB } from '../db/index.js';
import { HttpError } from '../lib/errors.js';
import { nowIso } from '../lib/time.js';

/**
 * The storage each account may fill with uploads (UPLOAD_QUOTA_MB_PER_ACCOUNT). A kept file is
 * counted against its sender in `stored_files`; deleting the file (replaced, or its row deleted)
 * gives the room back.
 */
export interface UploadQuota {
  /** Counts `bytes` for `owner` under the stored value `path`, or refuses with 413 when the account's room is used up. */
  reserve(owner: string, path: string, bytes: number): Promise<void>;
  /** Gives back the room of stored files that were deleted. */
  release(paths: Iterable<string>): Promise<void>;
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export function createUploadQuota(db: DB, limitBytes: number): UploadQuota {
  return {
    async reserve(owner, path, bytes) {
      // One statement: the row goes in only if the account's files and this one fit together.
      const used = db
        .selectFrom('stored_files')
        .select(sql<number>`coalesce(sum(bytes), 0)`.as('total'))
        .where('owner_id', '=', owner);
      const result = await db
        .insertInto('stored_files')
        .columns(['path', 'owner_id', 'bytes', 'created_at'])
        .expression(
          db
            .selectNoFrom([
              sql<string>`cast(${path} as varchar(255))`.as('path'),
              sql<string>`cast(${owner} as varchar(24))`.as('owner_id'),
              sql<number>`cast(${bytes} as integer)`.as('bytes'),
              sql<string>`cast(${nowIso()} as varchar(32))`.as('created_at'),
            ])
            .where(sql<boolean>`(${used}) + cast(${bytes} as integer) <= cast(${limitBytes} as bigint)`),
        )
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) {
        throw new HttpError(
          413,
          `Your account can keep at most ${megabytes(limitBytes)} of files, and this file does not fit; please delete or replace older pictures or documents first`,
        );
      }
    },
    release: (paths) => releaseStored(db, paths),
  };
}

/** Forgets deleted files, so they count against nobody any more. */
export async function releaseStored(db: DB, paths: Iterable<string>): Promise<void> {
  const list = [...new Set(paths)].filter(Boolean);
  if (list.length) await db.deleteFrom('stored_files').where('path', 'in', list).execute();
}
