import { z } from 'zod';
import { checked, refuse } from '../../lib/form-schema.js';
import { errorResponses, messageSchema } from '../../lib/schemas.js';
import { allowOnly, requireViewer } from '../../plugins/auth.js';
import { formBody } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { currentPasswordField } from '../accounts/current-password.js';
import { twoFactorService } from './service.js';

/** The current password, which each of these actions needs; its refusal names the action. */
const passwordBody = (what: string) => z.object({ currentPassword: currentPasswordField(what) });
/** The code that confirms the set-up: six digits, spaces allowed (some apps show "123 456"). */
const codeBody = z.object({
  code: checked((text, ctx) => {
    const code = text.replace(/\s/g, '');
    return /^\d{6}$/.test(code) ? code : refuse(ctx, 'Please enter the 6-digit code from your authenticator app');
  }).describe('The 6-digit code from the authenticator app'),
});
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
      onRequest: allowOnly(),
      schema: {
        tags,
        security,
        summary: 'A new secret with its otpauth URI and QR code (needs the current password)',
        ...formBody(passwordBody('set up two-factor sign-in')),
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
      // A guest hears 401 before what is wrong with the code.
      onRequest: allowOnly(),
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
      return service.enable(viewer, request.body.code);
    },
  );

  app.post(
    '/auth/two-factor/disable',
    {
      // A role that must keep two-factor sign-in hears so before what its form lacks.
      onRequest: async (request) => service.mayTurnOff(requireViewer(request)),
      schema: {
        tags,
        security,
        summary: 'Turn two-factor sign-in off (needs the current password; refused for roles that require it)',
        ...formBody(passwordBody('turn off two-factor sign-in')),
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
      onRequest: allowOnly(),
      schema: {
        tags,
        security,
        summary: 'Replace the recovery codes (needs the current password)',
        ...formBody(passwordBody('make new recovery codes')),
        response: { 200: codesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.regenerateCodes(viewer, request.body.currentPassword);
    },
  );
}
