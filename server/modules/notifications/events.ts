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
