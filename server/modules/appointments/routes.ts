import { z } from 'zod';
import { errorResponses, formBody, messageSchema, queryText } from '../../lib/schemas.js';
import { requireViewer, requireVerifiedEmail } from '../../plugins/auth.js';
import { cleanField, readForm } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { appointmentSchema } from './dto.js';
import { appointmentsService } from './service.js';

/** Appointment slots: doctors publish and delete them, patients reserve and release them. */
export default async function appointmentsRoutes(app: App) {
  const service = appointmentsService(app);
  const tags = ['appointments'];
  const security = [{ token: [] }];

  app.get(
    '/appointment',
    {
      schema: {
        tags,
        security,
        summary: "A doctor's own slots (patient or null), or the slots a patient reserved (with the doctor)",
        response: { 200: z.object({ appointments: z.array(appointmentSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ appointments: await service.list(requireViewer(request)) }),
  );

  app.post(
    '/appointment',
    {
      schema: {
        tags,
        security,
        summary: "Publish a slot (doctors); date and time are read in the clinic's time zone",
        ...formBody(['time', 'date']),
        response: { 200: z.object({ message: z.string(), appointment: appointmentSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const form = await readForm(request);
      return service.add(viewer, cleanField(form.fields.date), cleanField(form.fields.time));
    },
  );

  app.post(
    '/appointment/reserve',
    {
      schema: {
        tags,
        security,
        summary: 'Reserve a free slot of the receiver doctor (patients); opens the patient–doctor chat',
        querystring: z.object({ appointment: queryText, receiver: queryText }),
        response: { 200: z.object({ message: z.string(), appointment: appointmentSchema, chat: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      requireVerifiedEmail(app, viewer);
      await readForm(request);
      return service.reserve(viewer, request.query.appointment, request.query.receiver);
    },
  );

  app.post(
    '/appointment/attendance',
    {
      schema: {
        tags,
        security,
        summary: 'The owning doctor records after the slot\'s time whether the patient came: attendance = attended | no_show',
        querystring: z.object({ appointment: queryText }),
        ...formBody(['attendance']),
        response: { 200: z.object({ message: z.string(), appointment: appointmentSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const form = await readForm(request);
      return service.markAttendance(viewer, request.query.appointment, cleanField(form.fields.attendance));
    },
  );

  app.delete(
    '/appointment/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'The owning doctor deletes the slot; the holding patient releases it',
        querystring: z.object({ appointment: queryText }),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      await readForm(request);
      return service.cancel(viewer, request.query.appointment);
    },
  );
}
