import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { DB } from '../db/index.js';
import { releaseStored } from './quota.js';

/** Every column that holds a stored upload's path (/uploads/<name>). */
const references = [
  ['users', 'image'],
  ['users', 'certificate'],
  ['products', 'thumbnail'],
  ['product_photos', 'url'],
  ['blogs', 'thumbnail'],
  ['slides', 'image'],
  ['history_lab_tests', 'result'],
] as const;

/**
 * Deletes the files of `paths` that no row refers to any more: a replaced profile picture, a
 * product's old photos. A file still used elsewhere (a product's thumbnail doubling as its only
 * photo) is kept. Called after the change that dropped them has committed, never inside it.
 */
export async function removeUnreferenced(db: DB, uploadDir: string, paths: Iterable<string>): Promise<void> {
  for (const stored of new Set(paths)) {
    if (!stored.startsWith('/uploads/')) continue;
    const name = path.basename(stored);
    if (name !== stored.slice('/uploads/'.length) || name.startsWith('.')) continue;
    let used = false;
    for (const [table, column] of references) {
      const row = await (db as any).selectFrom(table).select(column).where(column, '=', stored).limit(1).executeTakeFirst();
      if (row) {
        used = true;
        break;
      }
    }
    if (!used) {
      await unlink(path.join(uploadDir, name)).catch(() => undefined);
      await releaseStored(db, [stored]);
    }
  }
}
