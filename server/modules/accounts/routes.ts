import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { REGISTRATION_KINDS } from '../../../shared/account.js';
import { emptyForm } from '../../lib/form-schema.js';
import { errorResponses, messageSchema } from '../../lib/schemas.js';
import { languageOf } from '../../i18n/language.js';
import { tokenFromHeader } from '../../lib/tokens.js';
import { allowOnly, requireViewer } from '../../plugins/auth.js';
import { cleanField } from '../../lib/form-text.js';
import { formBody, uploadsOf } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { codeLoginBody, languageBody, licenceBody, loginBody, profileBody, securitySchema, signupBodyFor, userSchema } from './dto.js';
import { accountsService } from './service.js';

const signedInSchema = z.object({ message: z.string(), user: userSchema, role: z.string(), token: z.string(), security: securitySchema });
const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

/** The only fields of a profile form that carry files. */
const profileFiles = ['image', 'certificate'];
/** Doctors and pharmacists may also send their licence document when they sign up. */
const signupFiles = [...profileFiles, 'licenseDocument'];

export default async function accountsRoutes(app: App) {
  const service = accountsService(app);
  const tags = ['accounts'];

  // There is no administrator sign-up: administrators are made with `npm run admin:create`.
  for (const role of REGISTRATION_KINDS) {
    app.post(
      `/${role}/auth/signup`,
      {
        schema: {
          tags,
          summary: `Register a ${role}`,
          ...formBody(signupBodyFor(role), { files: signupFiles, fromGuests: true }),
          response: { 200: z.object({ message: z.string(), user: userSchema }), ...errorResponses },
        },
      },
      // The browser's language is her first choice of language for the portal's emails.
      async (request) => service.signup(role, { fields: request.body, files: uploadsOf(request) }, request.ip, languageOf(request.headers['accept-language'])),
    );
  }

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary:
          'Log in with email and password. With two-factor sign-in on, answers `twoFactorRequired` and a `challenge` for POST auth/login/two-factor instead of a session.',
        // The existing client sends the whole shared sign-up form, its image and certificate included: only email and password are read.
        ...formBody(loginBody, { onlyOwnFields: { roomForFiles: 2 } }),
        response: {
          200: z.union([signedInSchema, z.object({ message: z.string(), twoFactorRequired: z.literal(true), challenge: z.string() })]),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      return service.login(cleanField(request.body.email), request.body.password ?? '', clientOf(request));
    },
  );

  app.post(
    '/auth/login/two-factor',
    {
      schema: {
        tags,
        summary: 'The second sign-in step: the challenge and a code from the authenticator app (or a recovery code)',
        ...formBody(codeLoginBody),
        response: { 200: signedInSchema, ...errorResponses },
      },
    },
    async (request) => {
      return service.loginWithCode(cleanField(request.body.challenge), cleanField(request.body.code), clientOf(request));
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'Revoke the presented token (accepted even when expired)',
        ...formBody(emptyForm),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      return service.logout(tokenFromHeader(request.headers.authorization));
    },
  );

  app.get(
    '/auth/user',
    {
      schema: {
        tags,
        summary: 'The signed-in user and role',
        security: [{ token: [] }],
        response: { 200: z.object({ user: userSchema, role: z.string(), security: securitySchema }), ...errorResponses },
      },
    },
    async (request) => service.current(requireViewer(request)),
  );

  app.put(
    '/users/me/language',
    {
      schema: {
        tags,
        summary: 'The language the portal writes to her in (emails, notifications): JSON or form { "language": "en" | "ar" }',
        security: [{ token: [] }],
        ...formBody(languageBody),
        response: { 200: z.object({ message: z.string(), language: z.enum(['en', 'ar']) }), ...errorResponses },
      },
      preValidation: async (request) => {
        requireViewer(request);
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.saveLanguage(viewer, request.body.language);
    },
  );

  app.post(
    '/auth/user/licence',
    {
      schema: {
        tags,
        summary:
          'A doctor or pharmacist awaiting approval gives her licence number (pharmacists also pharmacyLicenseNumber) and licenceDocument file, which the sign-up may not have carried',
        security: [{ token: [] }],
        ...formBody(licenceBody, { files: ['licenseDocument'] }),
        response: { 200: z.object({ message: z.string(), user: userSchema }), ...errorResponses },
      },
      preValidation: async (request) => {
        requireViewer(request);
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.submitLicence(viewer, { fields: request.body, files: uploadsOf(request) });
    },
  );

  app.patch(
    '/auth/user',
    {
      schema: {
        tags,
        summary:
          'Change profile fields (a whitelist; others are ignored). A new email or password needs currentPassword; a new email is used once its link is followed.',
        security: [{ token: [] }],
        ...formBody(profileBody, { files: profileFiles }),
        response: { 200: z.object({ message: z.string(), user: userSchema }), ...errorResponses },
      },
      // A person who is not signed in hears so before any of the form is read.
      onRequest: allowOnly(),
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.update(viewer, { fields: request.body, files: uploadsOf(request) });
    },
  );
}
