import { z } from 'zod';
import { errorResponses, formBody, queryText } from '../../lib/schemas.js';
import { requireViewer } from '../../plugins/auth.js';
import { readForm } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { doctorCardSchema, doctorDetailSchema } from './dto.js';
import { doctorsService } from './service.js';

/**
 * Finding doctors and rating them. The response key follows the query (contract §8 #1):
 * `doctors` for the whole list, `doctor` (an array) for a department, `doctor` (an object) for a name.
 */
export default async function doctorsRoutes(app: App) {
  const service = doctorsService(app);
  const tags = ['doctors'];

  app.get(
    '/doctors',
    {
      schema: {
        tags,
        summary: 'All doctors; ?specialization=X → doctor[] of that department; ?name=N → doctor (one, with education and slots)',
        querystring: z.object({ specialization: queryText, name: queryText }),
        response: {
          200: z.union([
            z.object({ doctor: doctorDetailSchema }),
            z.object({ doctor: z.array(doctorCardSchema) }),
            z.object({ doctors: z.array(doctorCardSchema) }),
          ]),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const name = service.given(request.query.name);
      if (name) return { doctor: await service.byName(name, request.viewer) };
      const specialization = service.given(request.query.specialization);
      if (specialization) return { doctor: await service.bySpecialization(specialization) };
      return { doctors: await service.all() };
    },
  );

  app.get(
    '/top-doctors',
    { schema: { tags, summary: 'The best-rated doctors, highest rate first', response: { 200: z.object({ doctors: z.array(doctorCardSchema) }), ...errorResponses } } },
    async () => ({ doctors: await service.top() }),
  );

  app.post(
    '/doctors/rate',
    {
      schema: {
        tags,
        summary: 'Rate a doctor 1–5 with an optional comment (patients after a visit: a reserved appointment whose time has passed, not marked a no-show; a new rating replaces the earlier one)',
        ...formBody(['comment']),
        security: [{ token: [] }],
        querystring: z.object({ doctor: queryText, rate: queryText }),
        response: { 200: z.object({ message: z.string(), rate: z.number(), ratings: z.number(), yourRate: z.number() }), ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const form = await readForm(request);
      return service.rate(viewer, service.given(request.query.doctor), request.query.rate, form.fields.comment ?? '');
    },
  );
}
