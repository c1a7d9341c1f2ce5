import type { ChatItem, ChatMessage } from '../types';

export const patientId = '6078afb1fb33703fe4a1414a';
export const doctorId = '6078b0c1fb33703fe4a1414b';
export const otherDoctorId = '6078b0c1fb33703fe4a1414c';

export const demoChat: ChatItem = {
  _id: '65a1b2c3d4e5f6a7b8c9d0e1',
  sender: { _id: patientId, name: 'Sara Ali', image: '' },
  receiver: { _id: doctorId, name: 'Ahmed Hassan', image: '/uploads/ahmed.png' },
  lastMessage: 'Yes, take it as usual. See you then.',
  unread: 0,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-21T10:30:00.000Z',
};

export const secondChat: ChatItem = {
  _id: '65a1b2c3d4e5f6a7b8c9d0e2',
  sender: { _id: patientId, name: 'Sara Ali', image: '' },
  receiver: { _id: otherDoctorId, name: 'Mona Adel', image: '' },
  lastMessage: 'Please bring your lab results.',
  unread: 2,
  created_at: '2026-11-18T09:00:00.000Z',
  updated_at: '2026-11-19T08:00:00.000Z',
};

export const demoMessages: ChatMessage[] = [
  { _id: 'm1', sender: { _id: patientId }, content: 'Good morning doctor, I booked a visit.', created_at: '2026-11-21T09:00:00.000Z' },
  { _id: 'm2', sender: { _id: doctorId }, content: 'Please bring your home readings.', created_at: '2026-11-21T10:30:00.000Z' },
];
