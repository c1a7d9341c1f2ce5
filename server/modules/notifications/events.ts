import type { Role } from '../../../shared/account.js';

/**
 * What a person can be told about. Each name is stored with the notification and is the key of
 * the person's email preference for it.
 */
export const notificationEvents = [
  'reservation_made', // the doctor: a patient reserved one of his slots
  'reservation_cancelled', // the doctor: a patient gave a slot back
  'slot_released', // the patient: the doctor cancelled the slot she held
  'appointment_request_answered', // the patient: her request was accepted into a slot or declined
  'appointment_reminder', // the patient: 24 h and 2 h before
  'visit_rating_prompt', // the patient: after the visit
  'waitlist_offer', // the patient: a freed slot held for her for a short while
  'prescription_issued', // the patient: a doctor wrote her a prescription
  'order_paid', // the pharmacist: an order with his products was paid
  'order_status', // the buyer: her order shipped, was cancelled or refused
  'account_reviewed', // the professional: approved or rejected
  'chat_message', // anyone: a new chat message while the chat page is closed
] as const;

export type NotificationEvent = (typeof notificationEvents)[number];

export const isNotificationEvent = (value: string): value is NotificationEvent => (notificationEvents as readonly string[]).includes(value);

interface EventSetting {
  /** What the settings page calls it. */
  label: string;
  /** Who can receive it, so the settings page shows each person only her events. */
  roles: readonly Role[];
  /**
   * Whether it also comes by email until the person chooses: on for what must not be missed
   * (reminders, a released slot, answers about money and accounts), off for what comes often (chat).
   */
  email: boolean;
}

export const eventSettings: Record<NotificationEvent, EventSetting> = {
  reservation_made: { label: 'A patient reserved one of my appointments', roles: ['doctor'], email: false },
  reservation_cancelled: { label: 'A patient cancelled an appointment with me', roles: ['doctor'], email: true },
  slot_released: { label: 'The doctor cancelled my appointment', roles: ['patient'], email: true },
  appointment_request_answered: { label: 'My appointment request was answered', roles: ['patient'], email: true },
  appointment_reminder: { label: 'Reminders 24 hours and 2 hours before an appointment', roles: ['patient'], email: true },
  visit_rating_prompt: { label: 'How was your visit? (after an appointment)', roles: ['patient'], email: true },
  waitlist_offer: { label: 'A freed appointment is offered to me from the waitlist', roles: ['patient'], email: true },
  prescription_issued: { label: 'A doctor wrote me a prescription', roles: ['patient'], email: true },
  order_paid: { label: 'An order for my products was paid', roles: ['pharmacist'], email: true },
  order_status: { label: 'My order shipped, was delivered or was cancelled', roles: ['patient', 'doctor', 'pharmacist'], email: true },
  account_reviewed: { label: 'My account was approved or rejected', roles: ['doctor', 'pharmacist'], email: true },
  chat_message: { label: 'A new chat message while the chat is closed', roles: ['patient', 'doctor'], email: false },
};

export const eventsForRole = (role: string): NotificationEvent[] =>
  notificationEvents.filter((e) => (eventSettings[e].roles as readonly string[]).includes(role));
