import { z } from 'zod';

/** Response pieces shared by every module. */
export const messageSchema = z.object({ message: z.string() });
export const errorResponses = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  429: messageSchema,
};

/** A query value as the existing client sends it: possibly missing, empty or the text `undefined`. */
export const queryText = z.string().max(2000).optional();
