import type { FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { badRequest } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { detectImageType, type UploadedFile } from './images.js';
import type { UploadQuota } from './quota.js';

/**
 * Files that are never public: licence documents and lab results. They live outside /uploads
 * (DATA_DIR/private) under server-made names and are read only through authorized API routes,
 * which decide who may see them and log the read.
 */

const contentTypes: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', gif: 'image/gif', jpg: 'image/jpeg' };

/** The file's type from its first bytes: PDF, PNG, GIF or JPEG; the name and declared type are never trusted. */
function detectType(bytes: Buffer, allowPdf: boolean): string | null {
  if (allowPdf && bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  const image = detectImageType(bytes);
  return image === 'jpeg' ? 'jpg' : image;
}

/** Stored private files are named `private:<id>.<ext>`; anything else is a public /uploads path. */
const prefix = 'private:';
export const isPrivateFile = (stored: string) => stored.startsWith(prefix);

/** Answers with a private file (a licence document, a lab result): never cached, never sniffed, never run as a page. */
export function sendPrivateFile(reply: FastifyReply, file: { stream: NodeJS.ReadableStream; contentType: string }) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(file.stream);
}

export interface PrivateFiles {
  /** Keeps an uploaded file under a server-made name, counted against `owner`'s quota. */
  save(file: UploadedFile, label: string, owner: string, options?: { allowPdf?: boolean }): Promise<string>;
  /** The file on disk and its content type, or null when the stored value is not a private file. */
  locate(stored: string): { file: string; contentType: string } | null;
  open(stored: string): NodeJS.ReadableStream;
  remove(stored: string): Promise<void>;
}

export function createPrivateFiles(dataDir: string, quota: UploadQuota): PrivateFiles {
  const dir = path.join(dataDir, 'private');
  const locate = (stored: string) => {
    if (!isPrivateFile(stored)) return null;
    const name = path.basename(stored.slice(prefix.length));
    const ext = name.split('.').pop() ?? '';
    return { file: path.join(dir, name), contentType: contentTypes[ext] ?? 'application/octet-stream' };
  };
  return {
    async save(file, label, owner, options = {}) {
      if (file.size === 0) throw badRequest(`${label} is empty`);
      const type = detectType(file.head, options.allowPdf ?? false);
      if (!type) throw badRequest(`${label} must be ${options.allowPdf ? 'a PDF or ' : ''}a PNG, GIF or JPEG image`);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${newId()}.${type}`;
      const stored = `${prefix}${name}`;
      await quota.reserve(owner, stored, file.size);
      try {
        await rename(file.path, path.join(dir, name));
        await chmod(path.join(dir, name), 0o600);
      } catch (error) {
        await quota.release([stored]);
        throw error;
      }
      return stored;
    },
    locate,
    open(stored) {
      const found = locate(stored);
      if (!found) throw new Error('not a private file');
      return createReadStream(found.file);
    },
    async remove(stored) {
      const found = locate(stored);
      if (!found) return;
      await unlink(found.file).catch(() => undefined);
      await quota.release([stored]);
    },
  };
}
