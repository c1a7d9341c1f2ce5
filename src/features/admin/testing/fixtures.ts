import { testUser } from '../../../testing/handlers';
import type { AdminUser, ProfileChange } from '../types';

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

/** An approved doctor who asked to move to Neurology with a new licence number. */
export const profileChange: ProfileChange = {
  user: { ...applicant, _id: 'dd00000000000000000000b2', name: 'Dr. Hany Saleh', status: 'approved', specialization: 'Cardiology', licenseNumber: 'EMS-55010' },
  change: { specialization: 'Neurology', licenseNumber: 'EMS-99001', requestedAt: '2026-12-06T09:30:00.000Z' },
};
