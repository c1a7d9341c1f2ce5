import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';
import { containsNul } from './form-text.js';

/** PostgreSQL text cannot hold a NUL character: an address carrying one is refused with this. */
export const nulInAddress = () => badRequest('The address contains a character that is not allowed');

/**
 * A query parameter read in a hook that runs before the route's schema checks the query (to answer
 * who may ask, or whether the object exists, before what the form lacks): its text, or `undefined`
 * when it is missing or not a single value. Such a hook runs before the check at the door for NUL
 * characters (app.ts), so the value is checked here the same way.
 */
export function queryValue(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  if (typeof value === 'string' && containsNul(value)) throw nulInAddress();
  return typeof value === 'string' ? value : undefined;
}
