import { chmod, rename } from 'node:fs/promises';
import path from 'node:path';
import { badRequest } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import type { UploadQuota } from './quota.js';

export type ImageType = 'png' | 'gif' | 'jpeg';

/** A received file, waiting in a temporary file until a store keeps it (see server/plugins/forms.ts). */
export interface UploadedFile {
  field: string;
  filename: string;
  /** The temporary file holding its bytes. */
  path: string;
  size: number;
  /** Its first bytes, which decide its type. */
  head: Buffer;
}

/** Decides an image's type from its first bytes; the name and the declared type are never trusted. */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 6) {
    const head = bytes.subarray(0, 6).toString('latin1');
    if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

const extension: Record<ImageType, string> = { png: 'png', gif: 'gif', jpeg: 'jpg' };

export interface ImageStore {
  /** Stores an uploaded image under a server-made name, counted against `owner`'s quota, and returns its public path (/uploads/...). */
  save(file: UploadedFile, label: string, owner: string): Promise<string>;
  /** Turns a stored path into the address clients use (see publicAddress). */
  url(stored: string): string;
}

/**
 * The address an answer gives for a stored picture or file: one the existing client can load even
 * though it rewrites every `http://` image address to `https://` (api-contract, image URLs). A
 * stored /uploads path stays relative without PUBLIC_URL (the portal's own pages load it); with an
 * https PUBLIC_URL it becomes https://host/uploads/...; with an http or protocol-relative one it
 * becomes protocol-relative, //host:port/uploads/..., which a page loads with its own scheme. A
 * stored http:// address elsewhere is given protocol-relative for the same reason.
 */
export function publicAddress(stored: string, publicUrl?: string): string {
  if (!stored) return '';
  const http = /^http:(?=\/\/)/i;
  if (stored.startsWith('/') && !stored.startsWith('//')) return publicUrl ? publicUrl.replace(http, '') + stored : stored;
  return stored.replace(http, '');
}

export function createImageStore(uploadDir: string, quota: UploadQuota, publicUrl?: string): ImageStore {
  return {
    async save(file, label, owner) {
      if (file.size === 0) throw badRequest(`${label} is empty`);
      const type = detectImageType(file.head);
      if (!type) throw badRequest(`${label} must be a PNG, GIF or JPEG image`);
      const name = `${newId()}.${extension[type]}`;
      const stored = `/uploads/${name}`;
      await quota.reserve(owner, stored, file.size);
      try {
        await rename(file.path, path.join(uploadDir, name));
        // Served by the server itself: no other user of the machine needs to read it.
        await chmod(path.join(uploadDir, name), 0o600);
      } catch (error) {
        await quota.release([stored]);
        throw error;
      }
      return stored;
    },
    url: (stored) => publicAddress(stored, publicUrl),
  };
}
