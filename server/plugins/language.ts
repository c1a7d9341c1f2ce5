import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { languageOf } from '../i18n/language.js';
import { translateMessage } from '../i18n/translate.js';
import type { App } from '../types.js';

/** Adds Accept-Language to the Vary header without dropping what is there (Origin, say). */
export function varyOnLanguage(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!list.some((v) => v.toLowerCase() === 'accept-language' || v === '*')) reply.header('vary', [...list, 'Accept-Language'].join(', '));
}

/**
 * The one place where a JSON answer's human `message` (a refusal, or a success that says what was
 * done) turns Arabic for a request whose Accept-Language asks for it. The code keeps speaking
 * English, so English answers stay byte for byte what they were. Only the top-level `message` is
 * translated; the other keys are data. (The cached public answers carry no `message`, so an answer
 * in one language is never kept for the other.)
 */
export default fp(async (app: App) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !payload.includes('"message":')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    varyOnLanguage(reply);
    const language = languageOf(request.headers['accept-language']);
    if (language === 'en') return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return payload;
    const answer = body as { message?: unknown };
    if (typeof answer.message !== 'string') return payload;
    const translated = translateMessage(answer.message, language);
    if (translated === answer.message) return payload;
    return JSON.stringify({ ...answer, message: translated });
  });
});
