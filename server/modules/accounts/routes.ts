import { z } from 'zod';
import type { Role } from '../../db/schema.js';
import { errorResponses, formBody, messageSchema } from '../../lib/schemas.js';
import { tokenFromHeader } from '../../lib/tokens.js';
import { requireViewer } from '../../plugins/auth.js';
import { cleanField, readForm } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { userSchema } from './dto.js';
import { accountsService } from './service.js';

const signupFields = ['name', 'username', 'email', 'password', 'phone', 'gender', 'country', 'government', 'blood_type', 'height', 'weight', 'specialization', 'location', 'officeNumber', 'pharmacyName', 'image (file)', 'certificate (file)'];

/** The only fields of a profile form that carry files. */
const profileFiles = ['image', 'certificate'];

export default async function accountsRoutes(app: App) {
  const service = accountsService(app);
  const tags = ['accounts'];

  for (const role of ['patient', 'doctor', 'pharmacist'] as Role[]) {
    app.post(
      `/${role}/auth/signup`,
      { schema: { tags, summary: `Register a ${role}`, ...formBody(signupFields), response: { 200: z.object({ message: z.string(), user: userSchema }), ...errorResponses } },
      },
      async (request) => service.signup(role, await readForm(request, profileFiles), request.ip),
    );
  }

  app.post(
    '/auth/login',
    { schema: { tags, summary: 'Log in with email and password', ...formBody(['email', 'password']), response: { 200: z.object({ message: z.string(), user: userSchema, role: z.string(), token: z.string() }), ...errorResponses } } },
    async (request) => {
      const form = await readForm(request);
      return service.login(cleanField(form.fields.email), form.fields.password ?? '', request.ip);
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags, summary: 'Revoke the presented token (accepted even when expired)', response: { 200: messageSchema, ...errorResponses } } },
    async (request) => {
      await readForm(request);
      return service.logout(tokenFromHeader(request.headers.authorization));
    },
  );

  app.get(
    '/auth/user',
    { schema: { tags, summary: 'The signed-in user and role', security: [{ token: [] }], response: { 200: z.object({ user: userSchema, role: z.string() }), ...errorResponses } } },
    async (request) => service.current(requireViewer(request)),
  );

  app.patch(
    '/auth/user',
    { schema: { tags, summary: 'Change profile fields (a whitelist; others are ignored)', security: [{ token: [] }], ...formBody(['name', 'username', 'email', 'password', 'phone', 'gender', 'country', 'government', 'about', 'image (file)', 'certificate (file)', 'pharmacyLocation', 'workingDate']), response: { 200: z.object({ message: z.string(), user: userSchema }), ...errorResponses } } },
    async (request) => {
      const viewer = requireViewer(request);
      return service.update(viewer, await readForm(request, profileFiles));
    },
  );
}
