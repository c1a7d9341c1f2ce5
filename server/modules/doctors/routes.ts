import { z } from 'zod';
import { cachedRoute } from '../../cache/index.js';
import { errorResponses } from '../../lib/schemas.js';
import { sentText } from '../../lib/form-schema.js';
import { requireViewer } from '../../plugins/auth.js';
import { formBody } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { doctorCardSchema, doctorDetailSchema, doctorResultSchema, doctorSearchSchema, rateQuery } from './dto.js';
import { doctorsQuery } from './search-query.js';
import { doctorSearch, doctorsPerPage } from './search.js';
import { doctorsService, maxComment, mayRate } from './service.js';

/**
 * Finding doctors and rating them. The response key follows the query (contract §8 #1):
 * `doctors` for the whole list, `doctor` (an array) for a department, `doctor` (an object) for a name.
 */
export default async function doctorsRoutes(app: App) {
  const service = doctorsService(app);
  const search = doctorSearch(app);
  const tags = ['doctors'];
  const doctorTables = ['users', 'appointments', 'ratings', 'doctor_education', 'doctor_search_words'];
  // Upcoming slots and the next free one move with the clock, not only with writes: a slot that has
  // begun leaves a kept answer within this time (booking it is refused meanwhile).
  const clockBoundMs = 15_000;

  app.get(
    '/doctors',
    {
      ...cachedRoute(app, {
        tables: doctorTables,
        maxAgeMs: clockBoundMs,
        // A doctor's page marks the viewer's own reserved slot and chat: shared among guests only.
        dependsOnViewer: (request) => (request.query as Record<string, unknown>).name !== undefined,
      }),
      schema: {
        tags,
        summary:
          'All doctors; ?specialization=X → doctor[] of that department; ?name=N → doctor (one, with education and slots); ' +
          'with any of q (name or department, typos and accents forgiven), gender (male|female), sort (nextSlot|rating|name) or page → ' +
          `one page of ${doctorsPerPage} doctors, soonest free slot first by default`,
        querystring: doctorsQuery,
        response: {
          200: z.union([
            z.object({ doctor: doctorDetailSchema }),
            doctorSearchSchema,
            z.object({ doctor: z.array(doctorResultSchema) }),
            z.object({ doctors: z.array(doctorResultSchema) }),
          ]),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { name, ...query } = request.query;
      if (name) return { doctor: await service.byName(name, request.viewer) };
      if (query.q !== undefined || query.gender !== undefined || query.sort !== undefined || query.page !== undefined) {
        return search(query, { paged: true });
      }
      // The contract's lists: every doctor, or one department's under the key `doctor`, sorted by name.
      const all = await search({ specialization: query.specialization, sort: 'name' }, { paged: false });
      return query.specialization ? { doctor: all.doctors } : { doctors: all.doctors };
    },
  );

  app.get(
    '/top-doctors',
    {
      ...cachedRoute(app, { tables: doctorTables, maxAgeMs: clockBoundMs }),
      schema: {
        tags,
        summary: 'The best-rated doctors, highest rate first',
        response: { 200: z.object({ doctors: z.array(doctorCardSchema) }), ...errorResponses },
      },
    },
    async () => ({ doctors: await service.top() }),
  );

  app.post(
    '/doctors/rate',
    {
      schema: {
        tags,
        summary:
          'Rate a doctor 1–5 with an optional comment (patients after a visit: a reserved appointment whose time has passed, not marked a no-show; a new rating replaces the earlier one)',
        ...formBody(z.object({ comment: sentText().describe(`An optional comment, at most ${maxComment} characters`) })),
        security: [{ token: [] }],
        querystring: rateQuery,
        response: { 200: z.object({ message: z.string(), rate: z.number(), ratings: z.number(), yourRate: z.number() }), ...errorResponses },
      },
      // Who may rate is answered before the stars and the doctor are checked (401, then 403).
      preValidation: async (request) => mayRate(requireViewer(request)),
    },
    async (request) => service.rate(requireViewer(request), request.query.doctor, request.query.rate, request.body.comment ?? ''),
  );
}
