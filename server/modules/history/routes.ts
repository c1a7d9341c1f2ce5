import { z } from 'zod';
import { errorResponses, queryText } from '../../lib/schemas.js';
import { formBody, uploadsOf } from '../../plugins/forms.js';
import { checked, emptyForm } from '../../lib/form-schema.js';
import { queryValue } from '../../lib/query-value.js';
import { sendPrivateFile } from '../../storage/private-files.js';
import type { App } from '../../types.js';
import { accessEntrySchema, guestRefusalSchema, historySchema, logPageRule } from './dto.js';
import { kindNames, kinds } from './kinds.js';
import { historyService } from './service.js';

/**
 * A patient's medical history. Every handler goes through the service's single access check,
 * which also writes the access log.
 */
export default async function historyRoutes(app: App) {
  const service = historyService(app);
  const tags = ['history'];
  const security = [{ token: [] }];
  const kindParam = z.object({ kind: z.string().max(100) });
  /** The parameter that names an entry, per section (see kinds.ts). */
  const entryQuery = z.object({ diagnosis: queryText, lab: queryText, medicine: queryText, surgery: queryText, disease: queryText, allergy: queryText });

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
        summary:
          'A lab result file: for the patient and the doctors who may read her history; logged, never cached. The address a history answer gives ' +
          'carries v, exp and sig (signed for that reader, a few minutes), so an <img> opens it without an Authorization header',
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ v: queryText, exp: queryText, sig: queryText }),
      },
    },
    async (request, reply) => {
      return sendPrivateFile(reply, await service.labResult(request.viewer, request.params.id, request.ip, request.query));
    },
  );

  app.get(
    '/history/access-log',
    {
      schema: {
        tags,
        security,
        summary: 'Who read or changed the history, newest first, 50 a page (the patient only); refused guest reads counted per address',
        querystring: z.object({ patient: queryText, page: checked(logPageRule).describe('From 1 (the default)') }),
        response: {
          200: z.object({
            entries: z.array(accessEntrySchema),
            page: z.number(),
            pages: z.number(),
            total: z.number(),
            guestRefusals: z.array(guestRefusalSchema),
          }),
          ...errorResponses,
        },
      },
      // Who may read the log is answered (and a refusal logged) before the page is checked.
      preValidation: async (request) => {
        await service.mayReadLog(request.viewer, queryValue(request, 'patient'));
      },
    },
    async (request) => service.accessLog(request.viewer, request.query.patient, request.query.page),
  );

  const addSummary = (kind: string) =>
    `Add a ${kind} entry to the caller’s own history (self-reported), or with ?patient= a doctor with a care relation adds it to his ` +
    `patient’s history, signed with his name`;
  const added = { 200: z.object({ message: z.string(), _id: z.string() }), ...errorResponses };
  // Each section has its own fields (the client sends one form shared by all: the others are dropped).
  // Only a lab entry keeps a file (the result image); the form takes it for every section, as the client sends it.
  for (const kind of kindNames) {
    app.post(
      `/history/${kind}`,
      {
        schema: {
          tags,
          security,
          summary: addSummary(kind),
          querystring: z.object({ patient: queryText }),
          ...formBody(kinds[kind].body, { files: ['result'] }),
          response: added,
        },
        // Who may add to whose history is answered before the form (and its file) is read.
        onRequest: async (request) => void (await service.mayAddTo(request.viewer, kind, queryValue(request, 'patient'))),
      },
      async (request) => service.add(request.viewer, kind, { fields: request.body, files: uploadsOf(request) }, request.query.patient),
    );
  }

  app.post(
    '/history/:kind',
    {
      schema: {
        tags,
        security,
        summary: `Any other section: 401 for a guest, 404 (the sections are ${kindNames.join(', ')})`,
        params: kindParam,
        querystring: z.object({ patient: queryText }),
        ...formBody(emptyForm, { files: ['result'] }),
        response: added,
      },
      onRequest: async (request) => void (await service.mayAddTo(request.viewer, (request.params as { kind: string }).kind, queryValue(request, 'patient'))),
    },
    async (request) => service.add(request.viewer, request.params.kind, { fields: {}, files: uploadsOf(request) }, request.query.patient),
  );

  app.delete(
    '/history/:kind',
    {
      schema: {
        tags,
        security,
        summary:
          'Remove one of the caller’s own self-reported entries (?diagnosis=, ?lab=, ?medicine=, ?surgery=, ?disease= or ?allergy=); ' +
          'restorable for a minute through …/restore; an entry a doctor wrote can only be hidden',
        params: kindParam,
        querystring: entryQuery,
        ...formBody(emptyForm),
        response: { 200: z.object({ message: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      return service.remove(request.viewer, request.params.kind, request.query);
    },
  );

  const changes = [
    ['restore', 'Undo the removal of one of the caller’s own entries, within a minute of removing it'],
    ['hide', 'Hide an entry a doctor wrote from the patient’s own view (doctors and the access log still see it)'],
    ['unhide', 'Show again an entry the patient hid'],
  ] as const;
  for (const [action, summary] of changes) {
    app.post(
      `/history/:kind/${action}`,
      {
        schema: {
          tags,
          security,
          summary,
          params: kindParam,
          querystring: entryQuery,
          ...formBody(emptyForm),
          response: { 200: z.object({ message: z.string() }), ...errorResponses },
        },
      },
      async (request) => {
        return service.change(request.viewer, action, request.params.kind, request.query);
      },
    );
  }
}
