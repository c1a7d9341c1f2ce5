import { tinyPng } from '../helpers.js';

/** Values and bodies that a careless or hostile client sends. None of them may produce a 5xx. */

export const longText = 'x'.repeat(10_000);

export const hostileStrings = [
  '',
  ' ',
  longText,
  'é'.repeat(5_000),
  '😀'.repeat(3_000),
  'null',
  'undefined',
  '[object Object]',
  '-1',
  '-99999999999999999999',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '1e309',
  '0x10',
  'true',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\uD800',
  '{"$gt":""}',
  '2026-02-30',
  '99:99',
];

/** Field names no form has, some of which would be dangerous if copied into a row. */
export const unknownFields = [
  '__proto__',
  'constructor',
  'prototype',
  'role',
  'id',
  '_id',
  'password_hash',
  'tokens',
  'user_id',
  'reserved',
  'patient_id',
  'owner_id',
  'price_cents',
  'quantity_sold',
];

/** Files that are not what they claim to be, for every file field. */
export const wrongFiles = [
  { label: 'text named .png', filename: 'photo.png', type: 'image/png', content: Buffer.from('this is not an image') },
  {
    label: 'SVG with a script',
    filename: 'logo.svg',
    type: 'image/svg+xml',
    content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  },
  { label: 'executable named .jpg', filename: 'photo.jpg', type: 'image/jpeg', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]) },
  { label: 'truncated PNG', filename: 'cut.png', type: 'image/png', content: tinyPng.subarray(0, 20) },
  { label: 'empty file', filename: 'empty.png', type: 'image/png', content: Buffer.alloc(0) },
  { label: 'HTML page', filename: 'page.html', type: 'text/html', content: Buffer.from('<html><body onload="alert(1)"></body></html>') },
  { label: 'name with a path', filename: '../../../evil.png', type: 'image/png', content: tinyPng },
];

export type Body = { payload?: string | Buffer; headers: Record<string, string> };

function part(boundary: string, name: string, value: string) {
  return `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
}

/** A multipart body with text fields and optional files (for building many variants quickly). */
export function multipartBody(fields: Array<[string, string]>, files: Array<{ field: string; filename: string; type: string; content: Buffer }> = []): Body {
  const boundary = `----sweep${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = fields.map(([k, v]) => Buffer.from(part(boundary, k, v)));
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Bodies that cannot be read as the form they claim to be. Made once: the sweep sends them to every
 * endpoint, and building the 3 MB and 100 kB ones afresh each time took seconds of CPU in all.
 */
export function malformedBodies(): ReadonlyArray<{ label: string; body: Body }> {
  return (malformed ??= makeMalformedBodies());
}
let malformed: Array<{ label: string; body: Body }> | undefined;

function makeMalformedBodies(): Array<{ label: string; body: Body }> {
  const b = '----broken';
  return [
    { label: 'multipart without a boundary', body: { payload: 'name=x', headers: { 'content-type': 'multipart/form-data' } } },
    { label: 'multipart of garbage', body: { payload: '\u0000\u0001garbage', headers: { 'content-type': `multipart/form-data; boundary=${b}` } } },
    {
      label: 'multipart cut short',
      body: {
        payload: `--${b}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf`,
        headers: { 'content-type': `multipart/form-data; boundary=${b}` },
      },
    },
    {
      label: 'multipart part without a name',
      body: {
        payload: `--${b}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--${b}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${b}` },
      },
    },
    {
      label: 'multipart with a huge header',
      body: {
        payload: `--${b}\r\nContent-Disposition: form-data; name="${'n'.repeat(100_000)}"\r\n\r\nv\r\n--${b}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${b}` },
      },
    },
    { label: 'multipart with 500 fields', body: multipartBody(Array.from({ length: 500 }, (_, i) => [`f${i}`, 'v'] as [string, string])) },
    {
      label: 'multipart with 30 files',
      body: multipartBody(
        [],
        Array.from({ length: 30 }, (_, i) => ({ field: `file${i}`, filename: `a${i}.png`, type: 'image/png', content: tinyPng })),
      ),
    },
    { label: 'JSON that does not parse', body: { payload: '{"title": ', headers: { 'content-type': 'application/json' } } },
    { label: 'JSON that is a string', body: { payload: '"hello"', headers: { 'content-type': 'application/json' } } },
    { label: 'JSON that is an array', body: { payload: '[1,2,3]', headers: { 'content-type': 'application/json' } } },
    { label: 'JSON null', body: { payload: 'null', headers: { 'content-type': 'application/json' } } },
    { label: 'JSON nested 5000 deep', body: { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, headers: { 'content-type': 'application/json' } } },
    {
      label: 'JSON larger than the limit',
      body: { payload: JSON.stringify({ title: 'y'.repeat(3 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } },
    },
    { label: 'urlencoded junk', body: { payload: '%%%&&&===&a[b][c]=1&a=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } } },
    { label: 'unknown content type', body: { payload: '<x/>', headers: { 'content-type': 'application/xml' } } },
    { label: 'text/plain', body: { payload: 'hello', headers: { 'content-type': 'text/plain' } } },
    { label: 'content type without a body', body: { headers: { 'content-type': 'application/json' } } },
    { label: 'no body at all', body: { headers: {} } },
  ];
}

/** The same field set with every value of one kind, as JSON so that types other than string arrive. */
export function wrongTypeBodies(fields: string[]): Array<{ label: string; body: Body }> {
  const kinds: Array<[string, unknown]> = [
    ['numbers', -42],
    ['booleans', true],
    ['nulls', null],
    ['arrays', ['a', 'b']],
    ['objects', { $gt: '' }],
    ['huge numbers', 1e308],
  ];
  const names = fields.length ? fields : ['value'];
  return kinds.map(([kind, value]) => ({
    label: `JSON with ${kind} for every field`,
    body: { payload: JSON.stringify(Object.fromEntries(names.map((f) => [f, value]))), headers: { 'content-type': 'application/json' } },
  }));
}
