import { z } from 'zod';
import { errorResponses, messageSchema, queryText } from '../../lib/schemas.js';
import { requireViewer, requireVerifiedEmail } from '../../plugins/auth.js';
import { cleanText, emptyForm } from '../../lib/form-schema.js';
import { formBody } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { appointmentSchema, attendanceBody, chosenSlot, slotBody } from './dto.js';
import { slotRoles } from './roles.js';
import { appointmentsService } from './service.js';
import { startWaitlistPoller, waitlistService } from './waitlist.js';

/** A refused reservation or move names the patient's appointment at the same time. */
const overlapAnswer = {
  409: messageSchema.extend({
    conflict: z.object({ doctor: z.string(), date: z.string(), time: z.string(), startsAt: z.string(), timeZone: z.string() }).optional(),
  }),
};

const waitlistSchema = z.object({
  joined: z.boolean(),
  /** 1 = the next patient to be offered a freed time. */
  position: z.number().nullable(),
  /** A freed slot held for her until `until`. */
  offer: z.object({ slot: z.string(), until: z.string() }).nullable(),
});

/** Appointment slots: doctors publish and delete them, patients reserve and release them. */
export default async function appointmentsRoutes(app: App) {
  const service = appointmentsService(app);
  const waitlist = waitlistService(app);
  // Every instance polls for offers that ran out; a conditional claim keeps two from passing one on twice.
  let stopPoller: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stopPoller = startWaitlistPoller(app);
  });
  app.addHook('onClose', async () => stopPoller?.());
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
        ...formBody(slotBody(app.config.clinicTimeZone)),
        response: { 200: z.object({ message: z.string(), appointment: appointmentSchema }), ...errorResponses },
      },
      // Who may publish is answered before the date and time are read (401, then 403).
      preValidation: async (request) => slotRoles.publish(requireViewer(request)),
    },
    async (request) => service.add(requireViewer(request), request.body),
  );

  app.post(
    '/appointment/reserve',
    {
      schema: {
        tags,
        security,
        summary: 'Reserve a free slot of the receiver doctor (patients); opens the patient–doctor chat',
        querystring: z.object({ appointment: chosenSlot('reserve'), receiver: queryText }),
        ...formBody(emptyForm),
        response: { 200: z.object({ message: z.string(), appointment: appointmentSchema, chat: z.string() }), ...errorResponses, ...overlapAnswer },
      },
      preValidation: async (request) => {
        const viewer = requireViewer(request);
        requireVerifiedEmail(app, viewer);
        slotRoles.reserve(viewer);
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      requireVerifiedEmail(app, viewer);
      return service.reserve(viewer, request.query.appointment, request.query.receiver);
    },
  );

  app.post(
    '/appointment/attendance',
    {
      schema: {
        tags,
        security,
        summary: "The owning doctor records after the slot's time whether the patient came: attendance = attended | no_show",
        querystring: z.object({ appointment: chosenSlot('mark') }),
        ...formBody(attendanceBody),
        response: { 200: z.object({ message: z.string(), appointment: appointmentSchema }), ...errorResponses },
      },
      // The form is checked before the slot it names (the body is validated before the query).
      preValidation: async (request) => slotRoles.markAttendance(requireViewer(request)),
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.markAttendance(viewer, request.query.appointment, request.body.attendance);
    },
  );

  app.delete(
    '/appointment/cancel',
    {
      schema: {
        tags,
        security,
        summary:
          'The owning doctor deletes the slot (a reason is required when a patient holds it: she is told at once with his next free times); ' +
          'the holding patient releases it until CANCEL_CUTOFF_HOURS before it',
        querystring: z.object({ appointment: chosenSlot('cancel'), reason: queryText }),
        ...formBody(z.object({ reason: cleanText().describe('Why the doctor deletes a held slot (or ?reason=)') })),
        response: { 200: messageSchema, ...errorResponses },
      },
      preValidation: async (request) => void requireViewer(request),
    },
    async (request) => {
      const viewer = requireViewer(request);
      const reason = request.body.reason || (request.query.reason ?? '');
      return service.cancel(viewer, request.query.appointment, reason);
    },
  );

  app.post(
    '/appointment/:id/reschedule',
    {
      schema: {
        tags,
        security,
        summary: 'The holding patient moves the appointment to another free slot (`to`) of the same doctor in one step, until CANCEL_CUTOFF_HOURS before it',
        params: z.object({ id: chosenSlot('move') }),
        querystring: z.object({ to: queryText }),
        ...formBody(z.object({ to: cleanText().describe('The id of the free slot to move to (or ?to=)') })),
        response: { 200: z.object({ message: z.string(), appointment: appointmentSchema }), ...errorResponses, ...overlapAnswer },
      },
      preValidation: async (request) => slotRoles.move(requireViewer(request)),
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.reschedule(viewer, request.params.id, request.body.to || request.query.to);
    },
  );

  app.get(
    '/appointment/:id/calendar.ics',
    {
      schema: {
        tags,
        security,
        summary: 'The calendar file (iCalendar) of a reservation, for its patient and its doctor; METHOD:CANCEL once cancelled',
        params: z.object({ id: z.string() }),
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const file = await service.calendarFile(viewer, request.params.id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="appointment.ics"')
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );

  app.get(
    '/doctors/:id/waitlist',
    {
      schema: {
        tags,
        security,
        summary: "The calling patient's place on the doctor's waiting list",
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ waitlist: waitlistSchema }), ...errorResponses },
      },
    },
    async (request) => waitlist.status(requireViewer(request), request.params.id),
  );

  app.post(
    '/doctors/:id/waitlist',
    {
      schema: {
        tags,
        security,
        summary: 'Join the waiting list of a doctor with no free slot in the next 14 days; a freed slot is held for the first patient for 15 minutes',
        params: z.object({ id: z.string() }),
        ...formBody(emptyForm),
        response: { 200: z.object({ message: z.string(), waitlist: waitlistSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return waitlist.join(viewer, request.params.id);
    },
  );

  app.delete(
    '/doctors/:id/waitlist',
    {
      schema: {
        tags,
        security,
        summary: "Leave the doctor's waiting list",
        params: z.object({ id: z.string() }),
        ...formBody(emptyForm),
        response: { 200: z.object({ message: z.string(), waitlist: waitlistSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return waitlist.leave(viewer, request.params.id);
    },
  );
}
