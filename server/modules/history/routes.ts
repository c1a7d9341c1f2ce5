import { z } from 'zod';
import { errorResponses, formBody, queryText } from '../../lib/schemas.js';
import { readForm } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { accessEntrySchema, guestRefusalSchema, historySchema } from './dto.js';
import { kindNames } from './kinds.js';
import { historyService } from './service.js';

const addFields = ['diagnosis', 'notes', 'doctor', 'lab', 'name', 'result (file)', 'medicine', 'date', 'dose', 'cured', 'injured', 'disease'];

/**
 * A patient's medical history. Every handler goes through the service's single access check,
 * which also writes the access log.
 */
export default async function historyRoutes(app: App) {
  const service = historyService(app);
  const tags = ['history'];
  const security = [{ token: [] }];
  const kindParam = z.object({ kind: z.string().max(100) });

  app.get(
    '/history',
    {
      schema: {
        tags,
        security,
        summary: 'A patient’s history: for the patient and for doctors she has booked',
        querystring: z.object({ patient: queryText }),
        response: { 200: z.object({ history: historySchema }), ...errorResponses },
      },
    },
    async (request) => service.read(request.viewer, request.query.patient, request.ip),
  );

  app.get(
    '/history/lab/:id/result',
    {
      schema: {
        tags,
        security,
        summary: 'A lab result file: for the patient and the doctors who may read her history; logged, never cached',
        params: z.object({ id: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const file = await service.labResult(request.viewer, request.params.id, request.ip);
      return reply
        .header('Content-Type', file.contentType)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(file.stream);
    },
  );

  app.get(
    '/history/access-log',
    {
      schema: {
        tags,
        security,
        summary: 'Who read or changed the history, newest first, 50 a page (the patient only); refused guest reads counted per address',
        querystring: z.object({ patient: queryText, page: queryText }),
        response: {
          200: z.object({ entries: z.array(accessEntrySchema), page: z.number(), pages: z.number(), total: z.number(), guestRefusals: z.array(guestRefusalSchema) }),
          ...errorResponses,
        },
      },
    },
    async (request) => service.accessLog(request.viewer, request.query.patient, request.query.page),
  );

  app.post(
    '/history/:kind',
    {
      schema: {
        tags,
        security,
        summary: `Add an entry to the caller’s own history; kind is one of ${kindNames.join(', ')}`,
        params: kindParam,
        ...formBody(addFields),
        response: { 200: z.object({ message: z.string(), _id: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      // The body is read first so a refused request never leaves an unread upload behind.
      // Only a lab entry carries a file (the result image).
      const form = await readForm(request, ['result']);
      return service.add(request.viewer, request.params.kind, form);
    },
  );

  app.delete(
    '/history/:kind',
    {
      schema: {
        tags,
        security,
        summary: 'Remove an entry from the caller’s own history (?diagnosis=, ?lab=, ?medicine=, ?surgery= or ?disease=)',
        params: kindParam,
        querystring: z.object({ diagnosis: queryText, lab: queryText, medicine: queryText, surgery: queryText, disease: queryText }),
        response: { 200: z.object({ message: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      await readForm(request);
      return service.remove(request.viewer, request.params.kind, request.query);
    },
  );
}
