import { z } from 'zod';
import { optionalText, sentText } from '../../lib/form-schema.js';
import { errorResponses, messageSchema } from '../../lib/schemas.js';
import { requireViewer } from '../../plugins/auth.js';
import { formBody } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { twoFactorService } from './service.js';

const passwordBody = z.object({ currentPassword: sentText().describe('The current password') });
const codeBody = z.object({ code: optionalText().describe('The 6-digit code from the authenticator app') });
const codesSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

/** Two-factor sign-in settings; the sign-in step itself is POST /auth/login/two-factor (accounts). */
export default async function twoFactorRoutes(app: App) {
  const service = twoFactorService(app);
  const tags = ['accounts'];
  const security = [{ token: [] }];

  app.get(
    '/auth/two-factor',
    {
      schema: {
        tags,
        security,
        summary: 'Whether two-factor sign-in is on, required for the role, and recovery codes left',
        response: { 200: z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number() }), ...errorResponses },
      },
    },
    async (request) => service.status(requireViewer(request)),
  );

  app.post(
    '/auth/two-factor/setup',
    {
      schema: {
        tags,
        security,
        summary: 'A new secret with its otpauth URI and QR code (needs the current password)',
        ...formBody(passwordBody),
        response: { 200: z.object({ secret: z.string(), uri: z.string(), qr: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.setup(viewer, request.body.currentPassword);
    },
  );

  app.post(
    '/auth/two-factor/enable',
    {
      schema: {
        tags,
        security,
        summary: 'Confirm the set-up with a code; answers the 10 recovery codes once',
        ...formBody(codeBody),
        response: { 200: codesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.enable(viewer, request.body.code ?? '');
    },
  );

  app.post(
    '/auth/two-factor/disable',
    {
      schema: {
        tags,
        security,
        summary: 'Turn two-factor sign-in off (needs the current password; refused for roles that require it)',
        ...formBody(passwordBody),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.disable(viewer, request.body.currentPassword);
    },
  );

  app.post(
    '/auth/two-factor/recovery-codes',
    {
      schema: {
        tags,
        security,
        summary: 'Replace the recovery codes (needs the current password)',
        ...formBody(passwordBody),
        response: { 200: codesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.regenerateCodes(viewer, request.body.currentPassword);
    },
  );
}
