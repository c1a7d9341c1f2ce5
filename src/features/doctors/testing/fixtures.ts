import type { AvailableDate, DoctorDetail, DoctorSummary } from '../types';

export const cardiologist: DoctorSummary = {
  _id: 'aa00000000000000000000a1',
  name: 'Ahmed Hassan',
  image: '/uploads/ahmed.svg',
  specialization: 'Cardiology',
  rate: 4.5,
  ratings: 2,
  alter: 'Dr. Ahmed Hassan, Cardiology',
};

export const dentist: DoctorSummary = {
  _id: 'aa00000000000000000000b2',
  name: 'Mona Adel',
  image: '/uploads/mona.svg',
  specialization: 'Dental',
  rate: 0,
  ratings: 0,
};

export function slot(overrides: Partial<AvailableDate> = {}): AvailableDate {
  return {
    _id: 'bb00000000000000000000c1',
    date: '2027-01-15T12:00:00.000Z',
    time: '10:30',
    startsAt: '2027-01-15T08:30:00.000Z',
    timeZone: 'Africa/Cairo',
    reserved: false,
    patient: null,
    chat: null,
    ...overrides,
  };
}

export function doctorDetail(overrides: Partial<DoctorDetail> = {}): DoctorDetail {
  return {
    ...cardiologist,
    phone: '1001234567',
    officeNumber: '204',
    email: 'doctor@clinic.test',
    address: 'Floor 2, Nile Clinic Building',
    government: 'Cairo',
    country: 'Egypt',
    aboutDoctor: 'Treats high blood pressure and heart rhythm disorders.',
    education: [{ _id: 'ed1', year: '2001', degree: 'MBBCh, Bachelor of Medicine and Surgery', school: 'Cairo University' }],
    availableDates: [slot()],
    ...overrides,
  };
}
