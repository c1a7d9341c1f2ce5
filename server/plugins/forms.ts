import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../lib/errors.js';
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
 * any of it is read. Files are read within the configured size limit and checked later by
 * content, never by name.
 */
export async function readForm(request: FastifyRequest, fileFields: readonly string[] = []): Promise<Form> {
  if (request.isMultipart()) {
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
          const buffer = await part.toBuffer();
          if (buffer.length === 0 && !part.filename) continue;
          (form.files[part.fieldname] ??= []).push({ field: part.fieldname, filename: part.filename, buffer });
        } else {
          form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        }
      }
    } catch (error) {
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

/** PostgreSQL text cannot hold a NUL character: refuse it here instead of failing inside a query. */
function withoutNul(form: Form): Form {
  if (Object.values(form.fields).some((v) => v.includes('\u0000'))) throw badRequest('The form contains a character that is not allowed');
  return form;
}

function multipartProblem(error: unknown): Error {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, 'The file is too large');
  if (code === 'FST_FILES_LIMIT') return badRequest('Too many files in one request');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return badRequest('Too many fields in one request');
  if (code === 'FST_PROTO_VIOLATION') return badRequest('The form is malformed');
  return badRequest('The form could not be read; please send it again');
}

/** Treats the junk the existing client sends for untouched fields as absent. */
export function cleanField(value: string | undefined): string {
  if (value === undefined) return '';
  const trimmed = value.trim();
  if (trimmed === 'null' || trimmed === 'undefined' || trimmed.startsWith('[object Object]')) return '';
  return trimmed;
}

export const firstFile = (form: Form, field: string): UploadedFile | undefined => form.files[field]?.[0];
