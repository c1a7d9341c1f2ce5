import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.js';
import { requireViewer } from '../../plugins/auth.js';
import { formBody } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { acceptBody, appointmentRequestSchema, declineBody, requestBody, requestSlotSchema } from './dto.js';
import { appointmentRequestsService } from './service.js';

/** Appointment requests: patients and guests send them; doctors and administrators accept or decline them. */
export default async function appointmentRequestsRoutes(app: App) {
  const service = appointmentRequestsService(app);
  const tags = ['appointment requests'];
  const security = [{ token: [] }];
  const one = z.object({ message: z.string(), request: appointmentRequestSchema });
  const idParams = z.object({ id: z.string().max(64) });
  // The answering checks run before the form's fields are checked, once the path's id is valid
  // (a malformed one is answered 400 by the params schema, as before any other check).

  app.post(
    '/appointment/requests',
    {
      schema: {
        tags,
        summary: "Request an appointment (patients, or guests with name and phone); a doctor's name or a department, a preferred day and time",
        ...formBody(requestBody(app.config.clinicTimeZone)),
        response: { 200: one, ...errorResponses },
      },
      // Staff accounts are refused (403) before the form is checked; a patient's account fills in her name, email and phone.
      preValidation: async (request) => {
        request.body = (await service.asSender(request.viewer, request.body as Record<string, string | undefined>)) as typeof request.body;
      },
    },
    async (request) => service.create(request.viewer, request.body, request.ip),
  );

  app.get(
    '/appointment/requests',
    {
      schema: {
        tags,
        security,
        summary: 'A patient’s own requests; a doctor’s (naming them, or their department and no doctor); all for administrators',
        response: { 200: z.object({ requests: z.array(appointmentRequestSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ requests: await service.list(requireViewer(request)) }),
  );

  app.get(
    '/appointment/requests/:id/slots',
    {
      schema: {
        tags,
        security,
        summary: 'The free slots this request can be accepted into',
        params: idParams,
        response: { 200: z.object({ slots: z.array(requestSlotSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ slots: await service.freeSlots(requireViewer(request), request.params.id) }),
  );

  app.post(
    '/appointment/requests/:id/accept',
    {
      schema: {
        tags,
        security,
        summary: 'Accept a request into a free slot, reserving it for the patient and telling her in the chat',
        params: idParams,
        ...formBody(acceptBody),
        response: { 200: one, ...errorResponses },
      },
      // Which request and who answers it (404, 403, 409) come before the slot chosen.
      preValidation: async (request) => {
        if (idParams.safeParse(request.params).success) await service.acceptable(requireViewer(request), request.params.id);
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.accept(viewer, request.params.id, request.body.appointment);
    },
  );

  app.post(
    '/appointment/requests/:id/decline',
    {
      schema: {
        tags,
        security,
        summary: 'Decline a request with a reason the patient sees',
        params: idParams,
        ...formBody(declineBody),
        response: { 200: one, ...errorResponses },
      },
      // Which request and who answers it (404, 403, 409) come before the reason.
      preValidation: async (request) => {
        if (idParams.safeParse(request.params).success) await service.answerable(requireViewer(request), request.params.id);
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.decline(viewer, request.params.id, request.body.reason);
    },
  );
}
