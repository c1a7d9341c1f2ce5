import { z } from 'zod';
import { emptyForm } from '../../lib/form-schema.js';
import { errorResponses } from '../../lib/schemas.js';
import { allowOnly, requireViewer } from '../../plugins/auth.js';
import { formBody } from '../../plugins/forms.js';
import { sendPrivateFile } from '../../storage/private-files.js';
import type { App } from '../../types.js';
import {
  adminUserSchema,
  auditEntrySchema,
  auditQuery,
  contentItemSchema,
  pageOfAccounts,
  professionalsQuery,
  profileChangeSchema,
  rejectBody,
  rejectChangeBody,
  searchQuery,
  statsSchema,
  suspendBody,
  unpublishBody,
  usersQuery,
} from './dto.js';
import { adminService } from './service.js';

/** The administrators' API: every route answers 403 to anyone who is not an administrator. */
export default async function adminRoutes(app: App) {
  const service = adminService(app);
  const tags = ['admin'];
  const security = [{ token: [] }];
  const idParam = z.object({ id: z.string().max(100) });
  const userAnswer = z.object({ message: z.string(), user: adminUserSchema });

  app.get(
    '/admin/professionals',
    {
      // A stranger hears 401 or 403 before what is wrong with the query, as on every admin route.
      onRequest: allowOnly('admin'),
      schema: {
        tags,
        security,
        summary: 'Doctors and pharmacists by status (default pending), oldest application first, 50 a page unless limit says',
        querystring: professionalsQuery,
        response: { 200: z.object({ professionals: z.array(adminUserSchema), ...pageOfAccounts }), ...errorResponses },
      },
    },
    async (request) => service.professionals(requireViewer(request), request.query),
  );

  app.get(
    '/admin/professionals/:id/license-document',
    { schema: { tags, security, summary: 'The licence document a professional uploaded (PDF or image); audited, never cached', params: idParam } },
    async (request, reply) => {
      return sendPrivateFile(reply, await service.licenseDocument(requireViewer(request), request.params.id));
    },
  );

  app.post(
    '/admin/professionals/:id/approve',
    {
      schema: {
        tags,
        security,
        summary: 'Approve a pending or rejected professional: listed and able to act from now on',
        params: idParam,
        ...formBody(emptyForm),
        response: { 200: userAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.approve(viewer, request.params.id);
    },
  );

  app.post(
    '/admin/professionals/:id/reject',
    {
      onRequest: allowOnly('admin'),
      schema: {
        tags,
        security,
        summary: 'Reject a pending application with a reason the applicant sees',
        params: idParam,
        ...formBody(rejectBody),
        response: { 200: userAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.reject(viewer, request.params.id, request.body.reason);
    },
  );

  app.get(
    '/admin/profile-changes',
    {
      onRequest: allowOnly('admin'),
      schema: {
        tags,
        security,
        summary: "Professionals' changes of name, department or licence number waiting for review, oldest first, beside the values listed now",
        response: { 200: z.object({ changes: z.array(profileChangeSchema) }), ...errorResponses },
      },
    },
    async (request) => service.profileChanges(requireViewer(request)),
  );

  app.post(
    '/admin/profile-changes/:id/approve',
    {
      onRequest: allowOnly('admin'),
      schema: {
        tags,
        security,
        summary: 'Approve the change waiting for the account :id: it is listed, and acts, under the new values from now on',
        params: idParam,
        ...formBody(emptyForm),
        response: { 200: userAnswer, ...errorResponses },
      },
    },
    async (request) => service.decideChange(requireViewer(request), request.params.id, { approve: true }),
  );

  app.post(
    '/admin/profile-changes/:id/reject',
    {
      onRequest: allowOnly('admin'),
      schema: {
        tags,
        security,
        summary: 'Reject the change waiting for the account :id with a reason the professional reads; the account stays as it was',
        params: idParam,
        ...formBody(rejectChangeBody),
        response: { 200: userAnswer, ...errorResponses },
      },
    },
    async (request) => service.decideChange(requireViewer(request), request.params.id, { approve: false, reason: request.body.reason }),
  );

  app.get(
    '/admin/users',
    {
      onRequest: allowOnly('admin'),
      schema: {
        tags,
        security,
        summary: 'Accounts, newest first, 50 a page unless limit says; q searches name, email and username',
        querystring: usersQuery,
        response: { 200: z.object({ users: z.array(adminUserSchema), ...pageOfAccounts }), ...errorResponses },
      },
    },
    async (request) => service.users(requireViewer(request), request.query),
  );

  app.post(
    '/admin/users/:id/suspend',
    {
      onRequest: allowOnly('admin'),
      schema: {
        tags,
        security,
        summary: 'Suspend an account with a reason: its sessions and chat sockets end at once',
        params: idParam,
        ...formBody(suspendBody),
        response: { 200: userAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.suspend(viewer, request.params.id, request.body.reason);
    },
  );

  app.post(
    '/admin/users/:id/reinstate',
    {
      schema: {
        tags,
        security,
        summary: 'Reinstate a suspended account',
        params: idParam,
        ...formBody(emptyForm),
        response: { 200: userAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.reinstate(viewer, request.params.id);
    },
  );

  for (const [kind, path] of [
    ['blog', 'articles'],
    ['product', 'products'],
  ] as const) {
    app.get(
      `/admin/${path}`,
      {
        onRequest: allowOnly('admin'),
        schema: {
          tags,
          security,
          summary: `${path} with whether they are published; q searches the title`,
          querystring: searchQuery,
          response: { 200: z.object({ items: z.array(contentItemSchema) }), ...errorResponses },
        },
      },
      async (request) => service.contentItems(requireViewer(request), kind, request.query.q),
    );
    app.post(
      `/admin/${path}/:id/unpublish`,
      {
        onRequest: allowOnly('admin'),
        schema: {
          tags,
          security,
          summary: `Take a ${kind} down with a reason`,
          params: idParam,
          ...formBody(unpublishBody[kind]),
          response: { 200: z.object({ message: z.string() }), ...errorResponses },
        },
      },
      async (request) => {
        const viewer = requireViewer(request);
        return service.unpublish(viewer, kind, request.params.id, request.body.reason);
      },
    );
  }

  app.get(
    '/admin/stats',
    {
      schema: {
        tags,
        security,
        summary: "Today's and this month's bookings, orders, revenue and new patients, and the last 14 days",
        response: { 200: statsSchema, ...errorResponses },
      },
    },
    async (request) => service.stats(requireViewer(request)),
  );

  app.get(
    '/admin/audit',
    {
      onRequest: allowOnly('admin'),
      schema: {
        tags,
        security,
        summary: 'Every administrator action, newest first, 50 a page',
        querystring: auditQuery,
        response: { 200: z.object({ entries: z.array(auditEntrySchema), page: z.number(), pages: z.number(), total: z.number() }), ...errorResponses },
      },
    },
    async (request) => service.audit(requireViewer(request), request.query.page),
  );
}
