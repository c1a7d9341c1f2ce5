import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.js';
import { errorResponses } from '../../lib/schemas.js';
import type { App } from '../../types.js';
import { geoService, type CachedList } from './service.js';

const placeSchema = z.object({ code: z.string(), name: z.string() });
const notModified = z.null().describe('Not modified: the list named by If-None-Match is still current');

// The lists change only when the server's country-state-city package is upgraded: browsers and
// proxies may keep them a week, then revalidate with the ETag (a 304 without a body).
const cacheControl = 'public, max-age=604800';

/** True when If-None-Match names this entity (weak comparison, as RFC 9110 asks for GET). */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Sends a cached list with its validators, or 304 when the client already holds it. */
function sendList<K extends string>(request: FastifyRequest, reply: FastifyReply, key: K, list: CachedList) {
  reply.header('Cache-Control', cacheControl).header('ETag', list.etag);
  if (matches(request, list.etag)) return reply.status(304).send();
  return reply.send({ [key]: list.places } as Record<K, CachedList['places']>);
}

/** Countries and their governments for the address forms (public, the same for everyone). */
export default async function geoRoutes(app: App) {
  const tags = ['geo'];

  app.get(
    '/geo/countries',
    {
      schema: {
        tags,
        summary: 'The countries the forms offer, by name (Israel is not offered). Cacheable; answers 304 to a matching If-None-Match.',
        response: { 200: z.object({ countries: z.array(placeSchema) }), 304: notModified, ...errorResponses },
      },
    },
    async (request, reply) => sendList(request, reply, 'countries', geoService.countries()),
  );

  app.get(
    '/geo/countries/:code/states',
    {
      schema: {
        tags,
        summary: "A country's states (governments), by its two-letter ISO code. Cacheable; answers 304 to a matching If-None-Match.",
        params: z.object({ code: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code') }),
        response: { 200: z.object({ states: z.array(placeSchema) }), 304: notModified, ...errorResponses },
      },
    },
    async (request, reply) => {
      const states = geoService.statesOf(request.params.code);
      if (!states) throw notFound(`There is no country with the code ${request.params.code.toUpperCase()}`);
      return sendList(request, reply, 'states', states);
    },
  );
}
