import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseBusy } from '../db/busy.js';
import { isDatabaseUnavailable, isStorageFull, isStorageReadOnly } from '../lib/db-errors.js';
import { HttpError } from '../lib/errors.js';
import { languageOf, type Language } from '../i18n/language.js';
import { translateMessage, validationText } from '../i18n/translate.js';
import { isSentence } from '../lib/form-schema.js';
import type { App } from '../types.js';

/** What a request hears while PostgreSQL is out of reach; the same process serves again once it is back. */
export const databaseDownMessage = 'The service is briefly unavailable (the database cannot be reached). Please try again in a moment.';

/** What a write hears while the server's disk is full; nothing of it was kept. */
export const storageFullMessage = "The server's storage is full, so what you sent was not saved. Please try again later.";
/** What a write hears while the data folder is read-only. */
export const storageReadOnlyMessage = 'The server cannot save anything right now (its storage is read-only). Please try again later.';

/** What a request hears while another process holds the SQLite file locked. */
export const databaseBusyMessage = 'The service is busy right now (the database is locked by other work). Please try again in a moment.';

/**
 * Turns a schema validation failure into one sentence a person can act on, in the request's
 * language (zod's own wording has an Arabic locale; the field name stays as the form sends it).
 */
function validationMessage(error: FastifyError, language: Language): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = String(first?.instancePath ?? '')
      .replace(/^\//, '')
      .replace(/\//g, '.');
    // A sentence a schema spelt out itself (a form field's "Please choose a product") is passed on
    // word for word; the language plugin gives it in Arabic like any other message.
    if (first && typeof first.message === 'string' && isSentence(first.params)) return first.message;
    const text = first ? validationText({ ...first.params, code: first.keyword, message: first.message }, language) : 'is not valid';
    return field ? `${field}: ${text}` : translateMessage(`The request is not valid: ${text}`, language);
  }
  return error.message;
}

/**
 * One error handler for the whole API: every refusal is JSON `{ message }` with a 4xx status;
 * 5xx details stay in the log and the client gets a calm sentence. The messages are English here;
 * server/plugins/language.ts gives them in Arabic to a request that asks for it.
 */
export default fp(async (app: App) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (error.validation) {
      return reply.status(400).send({ message: validationMessage(error, languageOf(request.headers['accept-language'])) });
    }
    if (status >= 400 && status < 500) {
      let message = error.message;
      // A 413 the code raised itself (a file, a full storage quota) says what was too large.
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || (status === 413 && !(error instanceof HttpError))) message = 'The request is too large';
      else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = 'This kind of request body is not accepted; send a form';
      else if (error.code?.startsWith('FST_ERR_CTP') || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') message = 'The request body could not be read';
      const details = error instanceof HttpError ? error.details : undefined;
      if (error instanceof HttpError && error.headers) reply.headers(error.headers);
      return reply.status(status).send({ ...details, message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: databaseDownMessage });
    }
    if (isStorageFull(error)) {
      request.log.error({ err: error }, 'storage full');
      return reply.status(507).send({ message: storageFullMessage });
    }
    if (isStorageReadOnly(error)) {
      request.log.error({ err: error }, 'storage read-only');
      return reply.status(503).header('retry-after', '60').send({ message: storageReadOnlyMessage });
    }
    if (isDatabaseBusy(error)) {
      request.log.warn({ err: error }, 'database busy');
      return reply.status(503).header('retry-after', '2').send({ message: databaseBusyMessage });
    }
    // A 5xx the code raised on purpose (the mail server is down) carries a sentence meant for the person.
    if (error instanceof HttpError) return reply.status(status).send({ message: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again in a moment.' });
  });
});
