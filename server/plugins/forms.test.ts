import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readForm } from './forms.js';

const boundary = '----forms';
const body = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="product"\r\n\r\nparacetamol\r\n--${boundary}--\r\n`);

/** A multipart request whose body is `raw`, as readForm sees it. */
const request = (raw: Readable, length = body.length) =>
  ({
    isMultipart: () => true,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
    raw,
  }) as unknown as FastifyRequest;

describe('a small form read whole', () => {
  it('gives its fields', async () => {
    await expect(readForm(request(Readable.from([body])))).resolves.toEqual({ fields: { product: 'paracetamol' }, files: {} });
  });

  it('whose body breaks off is refused with a message a person understands', async () => {
    // The body stops with an error after its first bytes, as when the connection drops mid-way.
    const raw = new Readable({
      read() {
        this.push(body.subarray(0, 20));
        this.destroy(new Error('aborted'));
      },
    });
    await expect(readForm(request(raw))).rejects.toMatchObject({ statusCode: 400, message: 'The form could not be read; please send it again' });
  });
});
