import { testUser } from '../../../testing/handlers';
import type { AdminUser } from '../types';

export const admin = testUser({ _id: 'ad00000000000000000000a1', name: 'Clinic Administrator', roles: ['admin'] });

/** A doctor's application waiting for review, with a licence document. */
export const applicant: AdminUser = {
  _id: 'dd00000000000000000000a1',
  name: 'Karim Fathalla',
  email: 'karim@example.test',
  role: 'doctor',
  status: 'pending',
  statusReason: '',
  specialization: 'Neurology',
  pharmacyName: '',
  licenseNumber: 'EMS-77120',
  pharmacyLicenseNumber: '',
  hasLicenseDocument: true,
  created_at: '2026-11-25T08:00:00.000Z',
};
