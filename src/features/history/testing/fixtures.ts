import type { AccessEntry, History } from '../types';

export const patientId = '6078afb1fb33703fe4a1414a';
export const doctorId = 'aa00000000000000000000a1';

/** Sara's record with every section empty, but for what `overrides` puts in it. */
export function makeHistory(overrides: Partial<History> = {}): History {
  return {
    _id: 'hh00000000000000000000a1',
    patient: { _id: patientId, name: 'Sara Ali', image: '', phone: '01001234567', email: 'patient@clinic.test', gender: 'female' },
    currentState: 'Stable',
    blood_type: 'A+',
    pregnancy: false,
    height: '165',
    weight: '62',
    medicines: [],
    diagnosis: [],
    chronic_diseases: [],
    genetic_disease: [],
    surgeries: [],
    continuous_medications: [],
    laboratory_tests: [],
    ...overrides,
  };
}

/** Dr. Ahmed Hassan opened the record. */
export const doctorRead: AccessEntry = {
  _id: 'a2',
  actor: { _id: doctorId, name: 'Ahmed Hassan', role: 'doctor' },
  action: 'read',
  target: 'history',
  outcome: 'allowed',
  created_at: '2026-03-02T10:00:00.000Z',
};
