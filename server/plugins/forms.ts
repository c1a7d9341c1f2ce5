import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isStorageFull, isStorageReadOnly } from '../lib/db-errors.js';
import type { Config } from '../config.js';
import { HttpError, badRequest, tooMany, unauthorized } from '../lib/errors.js';
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

/** The limits one form is read with: its route's declaration, its budget and the uploads in flight. */
export interface FormReading extends FormOptions {
  /** The most bytes the whole body may have (bodyBudget). */
  budget?: number;
  /** Holds a place among the uploads in flight from one address while a form streams in. */
  slots?: UploadSlots;
  /** The names of the route's text fields (those kept when `onlyOwnFields`). */
  fieldNames?: readonly string[];
}

/**
 * Reads a request body into text fields and files, whatever way it was sent. The contract's
 * client sends multipart for every write (sometimes an empty one); JSON and urlencoded bodies are
 * accepted too. Only the routes that take files name their file fields in `files`; a file
 * anywhere else (a photo sent with a cart change, say) is refused as soon as its part begins, before
 * any of it is read, unless the route reads only its own fields (login), which reads past it. Files
 * are streamed to temporary files under DATA_DIR (never held in memory), cut off at the configured
 * size limit, and checked later by content, never by name; the store that keeps one renames it, and
 * whatever is left when the response is sent is deleted.
 *
 * The body is counted as it arrives against one budget (bodyBudget): passing it, or
 * `textBudget` of text, is a 413 at that moment, not once the rest has arrived. A guest's files are
 * refused (401) before a byte is read, unless the form is a sign-up (`fromGuests`).
 */
export async function readForm(request: FastifyRequest, reading: FormReading = {}): Promise<Form> {
  const fileFields = reading.files ?? [];
  if (request.isMultipart()) {
    if (fileFields.length && !reading.fromGuests && !request.viewer) throw unauthorized();
    if (!fileFields.length && isSmall(request)) {
      try {
        return withoutNul(await readSmallForm(request, reading));
      } catch (error) {
        // A body that breaks off (the connection dropped) is a refusal with a message, as when streamed.
        throw multipartProblem(error);
      }
    }
    const budget = reading.budget ?? textBudget;
    if (Number(request.headers['content-length']) > budget) throw tooLarge();
    // A form of a few kilobytes is read in an instant: only bigger ones (or of unknown length) hold a place.
    const release = isSmall(request) ? undefined : reading.slots?.hold(request);
    try {
      return withoutNul(await readStreamedForm(request, reading, budget));
    } catch (error) {
      await removeTempUploads(request);
      throw multipartProblem(error);
    } finally {
      release?.();
    }
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
 * The most bytes of text one request body may carry, however it is sent: Fastify's bodyLimit for
 * JSON and urlencoded bodies (app.ts), and all the text fields of a multipart form together.
 */
export const textBudget = 2 * 1024 * 1024;

/**
 * One budget for a request body, counted as it arrives: its text, plus room for as many files as
 * a request may carry when its route takes files, or for the files a route reads past (login).
 * Every other form has its text only.
 */
export const bodyBudget = (config: Pick<Config, 'uploadMaxBytes' | 'uploadMaxFiles'>, options: FormOptions) =>
  textBudget + (options.files?.length ? config.uploadMaxFiles : (options.onlyOwnFields?.roomForFiles ?? 0)) * config.uploadMaxBytes;

const tooLarge = () => new HttpError(413, 'The request is too large');

/**
 * Streams a multipart form part by part. Its raw bytes are counted as they come off the socket
 * (a 'data' listener beside the parser's pipe); the moment they pass the budget the parser is cut
 * off and the form refused, so no more of it is read. Its text fields are counted as they come
 * too: none is held beyond formLimits.fieldSize (the parser's own cut), nor all of them beyond the
 * text budget.
 */
async function readStreamedForm(request: FastifyRequest, reading: FormReading, budget: number): Promise<Form> {
  const fileFields = reading.files ?? [];
  const keep = reading.onlyOwnFields ? new Set(reading.fieldNames ?? []) : undefined;
  const form = emptyForm();
  const raw = request.raw;
  let received = 0;
  let textBytes = 0;
  let currentFile: Readable | undefined;
  let refuse: (error: Error) => void = () => undefined;
  const refused = new Promise<never>((_resolve, reject) => (refuse = reject));
  refused.catch(() => undefined);
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > budget) {
      stop();
      const error = tooLarge();
      currentFile?.destroy(error);
      refuse(error);
    }
  };
  const stop = () => {
    raw.off('data', count);
    // The parser gets no more of it; the rest runs off once the answer is sent (closeUnreadBodies).
    raw.unpipe();
    raw.pause();
  };
  const parts = request.parts()[Symbol.asyncIterator]();
  let counting = false;
  const nextPart = () => {
    const next = parts.next();
    // The first call sets up the parser's pipe; the counter joins it in the same tick, so it sees
    // every byte the parser gets. A part still awaited when the form is refused settles unheard.
    if (!counting) raw.on('data', count);
    counting = true;
    next.catch(() => undefined);
    return Promise.race([next, refused]);
  };
  try {
    for (;;) {
      const { value: part, done } = await nextPart();
      if (done) break;
      if (part.type === 'file') {
        currentFile = part.file;
        if (!fileFields.includes(part.fieldname)) {
          // The existing client sends an empty file part for an untouched picker; a route that reads
          // only its own fields reads past any file. Either way nothing of it is kept.
          if (!part.filename || keep) {
            await Promise.race([drain(part.file), refused]);
            currentFile = undefined;
            continue;
          }
          throw new HttpError(400, fileFields.length ? `This form takes files only as ${fileFields.join(', ')}` : 'This form does not take files');
        }
        const file = await Promise.race([streamToTemp(request, part.fieldname, part.filename, part.file), refused]);
        currentFile = undefined;
        if (file.size === 0 && !part.filename) continue;
        (form.files[part.fieldname] ??= []).push(file);
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        textBytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
        // A field cut short by the parser, or text past the budget, is refused rather than kept in part.
        if (part.valueTruncated || textBytes > textBudget) throw tooLarge();
        if (!keep || keep.has(part.fieldname)) form.fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    stop();
    throw error;
  } finally {
    raw.off('data', count);
  }
  return form;
}

/** Reads a file part to its end without keeping any of it. */
async function drain(source: Readable): Promise<void> {
  for await (const _chunk of source) continue;
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

async function readSmallForm(request: FastifyRequest, reading: FormReading): Promise<Form> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > smallFormBytes) throw tooLarge();
    chunks.push(chunk);
  }
  let data: FormData;
  try {
    data = await new Response(Buffer.concat(chunks), { headers: { 'content-type': String(request.headers['content-type']) } }).formData();
  } catch {
    throw badRequest('The form is malformed');
  }
  const keep = reading.onlyOwnFields ? new Set(reading.fieldNames ?? []) : undefined;
  const form = emptyForm();
  let fields = 0;
  let parts = 0;
  for (const [name, value] of data) {
    if (++parts > formLimits.parts) throw badRequest('Too many fields in one request');
    if (typeof value === 'string') {
      if (++fields > formLimits.fields) throw badRequest('Too many fields in one request');
      if (!keep || keep.has(name)) form.fields[name] = value;
    } else if ((value.name || value.size) && !keep) {
      // The existing client sends an empty file part for an untouched picker: that one is let by,
      // and a route that reads only its own fields lets any file by, unkept.
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
async function streamToTemp(request: FastifyRequest, field: string, filename: string, source: Readable & { truncated?: boolean }): Promise<UploadedFile> {
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

/**
 * After an answer given before its request's body had all arrived (a guest's upload refused with
 * 401, a form over its budget), the rest of the body is let run off unread for a moment and then the
 * connection is closed. Closing at once, with bytes unread, would reset the connection and could
 * take the answer with it before the client read it; reading the rest whole would let any client
 * make the server read as much as it likes.
 */
export function closeUnreadBodies(app: FastifyInstance) {
  app.addHook('onResponse', async (request) => {
    const raw = request.raw;
    if (raw.complete !== false || !raw.socket) return;
    raw.unpipe();
    raw.resume();
    const socket = raw.socket;
    const timer = setTimeout(() => socket.destroy(), unreadBodyLingerMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

/** How long the rest of an unread body may run off after its answer before the connection closes. */
const unreadBodyLingerMs = 2000;

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
  /**
   * Whether a guest may send the form's files (a sign-up). Otherwise files are taken only from a
   * signed-in person, and a guest's form is refused (401) before a byte of it is read.
   */
  fromGuests?: boolean;
  /**
   * The route reads only its own fields: the others and any file are read past and dropped, never
   * kept or written, with room in its budget for `roomForFiles` files (the contract's client sends
   * login the whole shared sign-up form, its photo and certificate included).
   */
  onlyOwnFields?: { roomForFiles: number };
}

/** The uploads in flight from each address: a streamed form holds a place while it is read. */
export interface UploadSlots {
  /** Takes a place for the request's address (a 429 when its places are all taken); gives the call that frees it. */
  hold(request: FastifyRequest): () => void;
}

export function uploadSlots(perAddress: number): UploadSlots {
  const held = new Map<string, number>();
  return {
    hold(request) {
      const address = request.ip;
      const taken = held.get(address) ?? 0;
      if (taken >= perAddress) throw tooMany('Too many uploads from your address at once; please wait until one has finished', 5);
      held.set(address, taken + 1);
      let freed = false;
      return () => {
        if (freed) return;
        freed = true;
        const left = (held.get(address) ?? 1) - 1;
        if (left > 0) held.set(address, left);
        else held.delete(address);
      };
    },
  };
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
  const slots = uploadSlots(app.config.uploadsInFlightPerAddress);
  app.addHook('preValidation', async (request) => {
    const body = request.routeOptions.schema?.body;
    const options = body && typeof body === 'object' ? formRoutes.get(body) : undefined;
    if (!options) return;
    const fieldNames = Object.keys((body as z.ZodObject).shape ?? {});
    const form = await readForm(request, { ...options, budget: bodyBudget(app.config, options), slots, fieldNames });
    receivedFiles.set(request, form.files);
    request.body = form.fields;
  });
}

/** The files a form route received, by field (only the fields its formBody names). */
export const uploadsOf = (request: FastifyRequest): Form['files'] => receivedFiles.get(request) ?? {};
