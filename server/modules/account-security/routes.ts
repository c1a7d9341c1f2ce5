import { z } from 'zod';
import { errorResponses, messageSchema } from '../../lib/schemas.js';
import { requireViewer } from '../../plugins/auth.js';
import { formBody } from '../../plugins/forms.js';
import { checked, cleanText, emailRule, emptyForm, newPassword } from '../../lib/form-schema.js';
import type { App } from '../../types.js';
import { accountSecurityService } from './service.js';

const responses = { 200: messageSchema, ...errorResponses, 503: messageSchema };
const sessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  device: z.string(),
  ip: z.string(),
  current: z.boolean(),
});

/** Email verification, password reset and the sessions list. */
export default async function accountSecurityRoutes(app: App) {
  const service = accountSecurityService(app);
  const tags = ['accounts'];
  const security = [{ token: [] }];

  app.post(
    '/auth/email/verify',
    {
      schema: {
        tags,
        summary: 'Follow a verification or new-email link (the token from the link)',
        ...formBody(z.object({ token: cleanText().describe('The token from the link') })),
        response: { ...responses, 200: z.object({ message: z.string(), email: z.string() }) },
      },
    },
    async (request) => service.verifyEmail(request.body.token),
  );

  app.post(
    '/auth/email/resend',
    {
      schema: {
        tags,
        security,
        summary: 'Send a new verification link to the signed-in account (at most one a minute)',
        ...formBody(emptyForm),
        response: responses,
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.resendVerification(viewer);
    },
  );

  app.post(
    '/auth/password/forgot',
    {
      schema: {
        tags,
        summary: 'Email a single-use reset link valid 30 minutes; the answer is the same for unknown emails',
        ...formBody(z.object({ email: checked(emailRule) })),
        response: responses,
      },
    },
    async (request) => service.forgotPassword(request.body.email),
  );

  app.post(
    '/auth/password/reset',
    {
      schema: {
        tags,
        summary: 'Choose a new password with a reset link; every session ends',
        ...formBody(z.object({ token: cleanText().describe('The token from the link'), password: newPassword().describe('The new password') })),
        response: responses,
      },
    },
    async (request) => {
      return service.resetPassword(request.body.token, request.body.password);
    },
  );

  app.get(
    '/auth/sessions',
    {
      schema: {
        tags,
        security,
        summary: "The caller's signed-in sessions, newest first",
        response: { 200: z.object({ sessions: z.array(sessionSchema) }), ...errorResponses },
      },
    },
    async (request) => service.listSessions(requireViewer(request)),
  );

  app.post(
    '/auth/sessions/end-others',
    { schema: { tags, security, summary: 'Sign out every other session (their sockets disconnect)', ...formBody(emptyForm), response: responses } },
    async (request) => {
      const viewer = requireViewer(request);
      return service.endOthers(viewer);
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      schema: {
        tags,
        security,
        summary: "Sign out one of the caller's sessions",
        params: z.object({ id: z.string().max(100) }),
        ...formBody(emptyForm),
        response: responses,
      },
    },
    async (request) => service.endSession(requireViewer(request), request.params.id),
  );
}
