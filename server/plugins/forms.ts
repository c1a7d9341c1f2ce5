import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isStorageFull, isStorageReadOnly } from '../lib/db-errors.js';
import { HttpError, badRequest } from '../lib/errors.js';
import { notAllowedCharacter } from '../lib/form-schema.js';
import { containsNul } from '../lib/form-text.js';
import { newId } from '../lib/ids.js';
import type { UploadedFile } from '../storage/images.js';

export interface Form {
  /** Text fields; a field sent twice keeps its last value. */
  fields: Record<string, string>;
  files: Record<string, UploadedFile[]>;
}

const emptyForm = (): Form => ({ fields: {}, files: {} });

/**
 * Reads a request body into text fields and files, whatever way it was sent. The contract's
 * client sends multipart for every write (sometimes an empty one); JSON and urlencoded bodies are
 * accepted too. Only the routes that take files name their file fields in `fileFields`; a file
 * anywhere else (a photo sent with a login, say) is refused as soon as its part begins, before
 * any of it is read. Files are streamed to temporary files under DATA_DIR (never held in memory),
 * cut off at the configured size limit, and checked later by content, never by name; the store
 * that keeps one renames it, and whatever is left when the response is sent is deleted.
 */
export async function readForm(request: FastifyRequest, fileFields: readonly string[] = []): Promise<Form> {
  if (request.isMultipart()) {
    if (!fileFields.length && isSmall(request)) {
      try {
        return withoutNul(await readSmallForm(request));
      } catch (error) {
        // A body that breaks off (the connection dropped) is a refusal with a message, as when streamed.
        throw multipartProblem(error);
      }
    }
    const form = emptyForm();
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          // The existing client sends an empty file part for an untouched picker: skip it unread.
          if (!fileFields.includes(part.fieldname)) {
            if (!part.filename) {
              part.file.resume();
              continue;
            }
            throw new HttpError(400, fileFields.length ? `This form takes files only as ${fileFields.join(', ')}` : 'This form does not take files');
          }
          const file = await streamToTemp(request, part.fieldname, part.filename, part.file);
          if (file.size === 0 && !part.filename) continue;
          (form.files[part.fieldname] ??= []).push(file);
        } else {
          form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        }
      }
    } catch (error) {
      await removeTempUploads(request);
      throw multipartProblem(error);
    }
    return withoutNul(form);
  }
  const body = request.body;
  const form = emptyForm();
  if (body && typeof body === 'object' && !Buffer.isBuffer(body)) {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (value === undefined) continue;
      // Like FormData: arrays are comma-joined, objects become "[object Object]". Items are
      // flattened one level only, so a deeply nested JSON body cannot exhaust the stack.
      const flat = (v: unknown) => (typeof v === 'object' && v !== null ? '[object Object]' : String(v));
      form.fields[key] = typeof value === 'string' ? value : Array.isArray(value) ? value.map(flat).join(',') : flat(value);
    }
  }
  return withoutNul(form);
}

/**
 * A multipart form of a route that takes no files, no bigger than this, is read whole and parsed at
 * once by Node's own FormData parser. Streaming it part by part through the upload parser cost a
 * cart change more of the server's time than anything else it does. Bigger forms, and forms that do
 * not say their length, are streamed with the upload parser's limits.
 */
const smallFormBytes = 64 * 1024;
/** How many text fields and parts a form may have, for the upload parser (app.ts) and small forms alike. */
export const formLimits = { fields: 100, fieldSize: 1024 * 1024, parts: 120 };

function isSmall(request: FastifyRequest) {
  const length = Number(request.headers['content-length']);
  return Number.isInteger(length) && length >= 0 && length <= smallFormBytes;
}

async function readSmallForm(request: FastifyRequest): Promise<Form> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > smallFormBytes) throw new HttpError(413, 'The request is too large');
    chunks.push(chunk);
  }
  let data: FormData;
  try {
    data = await new Response(Buffer.concat(chunks), { headers: { 'content-type': String(request.headers['content-type']) } }).formData();
  } catch {
    throw badRequest('The form is malformed');
  }
  const form = emptyForm();
  let fields = 0;
  let parts = 0;
  for (const [name, value] of data) {
    if (++parts > formLimits.parts) throw badRequest('Too many fields in one request');
    if (typeof value === 'string') {
      if (++fields > formLimits.fields) throw badRequest('Too many fields in one request');
      form.fields[name] = value;
    } else if (value.name || value.size) {
      // The existing client sends an empty file part for an untouched picker: that one is let by.
      throw new HttpError(400, 'This form does not take files');
    }
  }
  return form;
}

/** How many first bytes of a file are kept in memory to decide its type. */
const HEAD_BYTES = 16;

/** Temporary files each request wrote, so none outlives it. */
const tempFiles = new WeakMap<FastifyRequest, Set<string>>();

/** The folder for files being received; under DATA_DIR, so storing one is a rename on the same disk. */
export const tempUploadDir = (dataDir: string) => path.join(dataDir, 'incoming');

/** Writes one file part to a temporary file, counting its bytes and keeping its first ones for the type check. */
async function streamToTemp(
  request: FastifyRequest,
  field: string,
  filename: string,
  source: NodeJS.ReadableStream & { truncated?: boolean },
): Promise<UploadedFile> {
  const dir = tempUploadDir(request.server.config.dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${newId()}.part`);
  let registered = tempFiles.get(request);
  if (!registered) tempFiles.set(request, (registered = new Set()));
  registered.add(file);
  let size = 0;
  let head = Buffer.alloc(0);
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  await pipeline(source, measure, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  // The parser stops a file at the size limit and marks it cut short: refuse it rather than keep part of it.
  if (source.truncated) throw new HttpError(413, 'The file is too large');
  return { field, filename, path: file, size, head };
}

/** Deletes what a request left in the temporary folder (stored files were renamed away already). */
async function removeTempUploads(request: FastifyRequest): Promise<void> {
  const files = tempFiles.get(request);
  if (!files) return;
  tempFiles.delete(request);
  await Promise.all([...files].map((file) => unlink(file).catch(() => undefined)));
}

/**
 * Removes every request's temporary uploads before its answer leaves (so a client that reads a
 * refusal never finds the refused file still on disk), and once it is answered or abandoned.
 */
export function cleanUpTempUploads(app: FastifyInstance) {
  app.addHook('onSend', async (request, _reply, payload) => {
    await removeTempUploads(request);
    return payload;
  });
  app.addHook('onResponse', async (request) => removeTempUploads(request));
  app.addHook('onRequestAbort', async (request) => removeTempUploads(request));
}

/** PostgreSQL text cannot hold a NUL character: refuse it here instead of failing inside a query. */
function withoutNul(form: Form): Form {
  if (Object.values(form.fields).some(containsNul)) throw badRequest(notAllowedCharacter);
  return form;
}

function multipartProblem(error: unknown): Error {
  // A full or read-only disk is the server's trouble, answered as such by the error handler.
  if (error instanceof HttpError || isStorageFull(error) || isStorageReadOnly(error)) return error as Error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, 'The file is too large');
  if (code === 'FST_FILES_LIMIT') return badRequest('Too many files in one request');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return badRequest('Too many fields in one request');
  if (code === 'FST_PROTO_VIOLATION') return badRequest('The form is malformed');
  return badRequest('The form could not be read; please send it again');
}

export const firstFile = (form: Pick<Form, 'files'>, field: string): UploadedFile | undefined => form.files[field]?.[0];

/** What a route's form takes besides its text fields. */
export interface FormOptions {
  /** The file fields the form takes (any other file is refused before it is read). */
  files?: readonly string[];
}

const formRoutes = new WeakMap<object, FormOptions>();
const receivedFiles = new WeakMap<FastifyRequest, Form['files']>();

/**
 * Declares a route's body: the zod object of its text fields, for every way a form is sent. The
 * schema is what Fastify validates and what /api/docs lists; readForm reads the body first (see
 * readForms), so the route's handler gets `request.body` checked and typed, and its files through
 * `uploadsOf(request)`.
 */
export function formBody<T extends z.ZodObject>(fields: T, options: FormOptions = {}) {
  // File fields are listed for the document only: readForm keeps files out of the text fields.
  const files = Object.fromEntries(
    (options.files ?? []).map((name) => [name, z.unknown().optional().meta({ type: 'string', format: 'binary', description: 'A file' })]),
  );
  // safeExtend keeps the form's own checks (a superRefine over its fields), which extend refuses.
  const body = options.files?.length ? fields.safeExtend(files) : fields;
  formRoutes.set(body, options);
  return {
    body: body as T,
    consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
  };
}

/**
 * The one place a form body is read: before validation, for every route declared with formBody,
 * the body (multipart, urlencoded or JSON) becomes its text fields, with all of readForm's upload
 * safety; Fastify then checks them with the route's schema.
 */
export function readForms(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const body = request.routeOptions.schema?.body;
    const options = body && typeof body === 'object' ? formRoutes.get(body) : undefined;
    if (!options) return;
    const form = await readForm(request, options.files ?? []);
    receivedFiles.set(request, form.files);
    request.body = form.fields;
  });
}

/** The files a form route received, by field (only the fields its formBody names). */
export const uploadsOf = (request: FastifyRequest): Form['files'] => receivedFiles.get(request) ?? {};
