import { z } from 'zod';
import { errorResponses, messageSchema, queryText } from '../../lib/schemas.js';
import { requireViewer } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { conflictSchema, prescriptionSchema } from './dto.js';
import { createBody } from './form.js';
import { prescriptionsService } from './service.js';

/** Prescriptions: written by doctors, read by their patients and doctors, bought from through the cart. */
export default async function prescriptionsRoutes(app: App) {
  const service = prescriptionsService(app);
  const tags = ['prescriptions'];
  const security = [{ token: [] }];
  const params = z.object({ id: z.string().max(64) });
  const one = z.object({ prescription: prescriptionSchema });
  const warning = messageSchema.extend({ conflicts: z.array(conflictSchema).optional(), needsAcknowledgement: z.boolean().optional() });

  app.post(
    '/prescriptions',
    {
      schema: {
        tags,
        security,
        summary:
          'A doctor writes a prescription for a patient who holds or held an appointment with him (JSON body). Its medicines join her history; she is notified. ' +
          'A clash with her allergies or current medicines answers 409 with `conflicts`; send again with acknowledgeWarnings: true to go on (recorded on the prescription).',
        body: createBody,
        response: { 200: z.object({ message: z.string(), prescription: prescriptionSchema }), ...errorResponses, 409: warning },
      },
      // Who may write for whom (401, 403, the patient) is answered before the lines are checked.
      preValidation: async (request) => {
        await service.patientFor(requireViewer(request), (request.body as { patient?: unknown } | null)?.patient);
      },
    },
    async (request) => service.create(requireViewer(request), request.body),
  );

  app.get(
    '/prescriptions',
    {
      schema: {
        tags,
        security,
        summary: "The patient's own prescriptions, newest first; a doctor's own, or with ?patient= one patient's (care relation needed)",
        querystring: z.object({ patient: queryText }),
        response: { 200: z.object({ prescriptions: z.array(prescriptionSchema) }), ...errorResponses },
      },
    },
    async (request) => service.list(requireViewer(request), request.query.patient ?? ''),
  );

  app.get(
    '/prescriptions/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'One prescription: its patient (with the pharmacies that have each medicine, cheapest first), its doctor and her other doctors, a pharmacist who sold against it',
        params,
        response: { 200: one, ...errorResponses },
      },
    },
    async (request) => service.get(requireViewer(request), request.params.id),
  );

  app.post(
    '/prescriptions/:id/cart',
    {
      schema: {
        tags,
        security,
        summary:
          "The patient puts the prescription's catalogue medicines in her cart with their remaining quantity, from the cheapest pharmacy in stock or the one chosen in `choices` (line id → product slug); lists the lines that cannot be bought",
        params,
        body: z.object({ choices: z.record(z.string().max(64), z.string().max(200)).optional() }).nullish(),
        response: {
          200: z.object({
            message: z.string(),
            added: z.array(z.object({ line: z.string(), name: z.string(), pharmacy: z.string(), quantity: z.number(), slug: z.string() })),
            unavailable: z.array(z.object({ line: z.string(), name: z.string(), reason: z.string() })),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => service.toCart(requireViewer(request), request.params.id, request.body?.choices ?? {}),
  );
}
