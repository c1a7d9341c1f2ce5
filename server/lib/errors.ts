/** An error whose message is meant for the person using the portal. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields of the JSON answer besides `message` (for example a cart's new total). */
    readonly details?: Record<string, unknown>,
    /** Response headers that belong to the refusal (Retry-After, say). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** 429; with `retryAfterSeconds` the answer says when to try again in a Retry-After header too. */
export const tooMany = (message: string, retryAfterSeconds?: number) =>
  new HttpError(429, message, undefined, retryAfterSeconds !== undefined ? { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } : undefined);

/**
 * The sentence a check over several fields returns when one is wrong (a schema then refuses with it): marks it as a message a person reads, for the Arabic catalogue's scan (tests/server/message-scan.ts).
 */
export const problem = (message: string): string => message;
