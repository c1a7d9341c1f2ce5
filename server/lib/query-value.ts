import type { FastifyRequest } from 'fastify';

/**
 * A query parameter read in a hook that runs before the route's schema checks the query (to answer
 * who may ask, or whether the object exists, before what the form lacks): its text, or `undefined`
 * when it is missing or not a single value.
 */
export function queryValue(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}
