import { http, HttpResponse } from 'msw';
import { geoHandlers } from './geo';

/** A user object shaped like the server's, for tests. */
export function testUser(overrides: Record<string, unknown> = {}) {
  return {
    _id: '6078afb1fb33703fe4a1414a',
    name: 'Sara Ali',
    username: 'sara.ali',
    email: 'patient@clinic.test',
    phone: '01001234567',
    gender: 'female',
    blood_type: 'A+',
    height: '165',
    weight: '60',
    country: 'Egypt',
    government: 'Cairo',
    image: '',
    certificate: '',
    location: '',
    address: '',
    pharmacyName: '',
    pharmacyLocation: '',
    workingDate: '',
    officeNumber: '',
    specialization: '',
    about: '',
    aboutDoctor: '',
    roles: ['patient'],
    tokens: [{ token: 'test-token' }],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Default handlers: the calls every page load may make, answered as a guest would be. */
export const handlers = [
  http.get('/api/auth/user', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
  http.post('/api/auth/logout', () => HttpResponse.json({ message: 'Logged out' })),
  http.put('/api/users/me/language', async ({ request }) => {
    const { language } = (await request.json()) as { language: string };
    return HttpResponse.json({ message: 'Saved', language });
  }),
  http.get('/api/cart', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
  http.get('/api/chat', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
  http.get('/api/appointment/requests', () => HttpResponse.json({ requests: [] })),
  http.get('/api/doctors/:id/waitlist', () => HttpResponse.json({ waitlist: { joined: false, position: null, offer: null } })),
  ...geoHandlers,
];
