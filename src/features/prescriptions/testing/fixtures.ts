import type { Prescription, PrescriptionLine } from '../types';

export const patientId = '6078afb1fb33703fe4a1414a';

export function rxLine(overrides: Partial<PrescriptionLine> = {}): PrescriptionLine {
  return {
    _id: 'line-1',
    product: { _id: 'p1', slug: 'amoxicillin-500', prescriptionOnly: true, activeIngredients: ['amoxicillin'] },
    medicine: 'Amoxicillin 500 mg',
    dose: '1 capsule',
    frequency: 'every 8 hours',
    duration: '7 days',
    quantity: 2,
    remaining: 2,
    notes: 'after meals',
    ...overrides,
  };
}

export function prescription(overrides: Partial<Prescription> = {}): Prescription {
  return {
    _id: 'rx-1',
    code: 'RX-7K3M-9Q2X',
    issuedAt: '2026-11-20T10:00:00.000Z',
    validUntil: '2026-12-20T10:00:00.000Z',
    status: 'valid',
    notes: '',
    doctor: { _id: 'doc-1', name: 'Omar Hassan', licenseNumber: 'EG-12345', specialization: 'General practice' },
    patient: { _id: patientId, name: 'Sara Ali' },
    lines: [rxLine()],
    acknowledgedWarnings: [],
    ...overrides,
  };
}
