import type { MailMessage } from './mailer.js';

/** The messages the portal sends: plain text and HTML, each signed with the clinic's name. */

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Parts {
  to: string;
  clinic: string;
  subject: string;
  greeting: string;
  lines: string[];
  action?: { label: string; url: string };
  after?: string[];
}

function compose({ to, clinic, subject, greeting, lines, action, after = [] }: Parts): MailMessage {
  const text = [
    greeting,
    '',
    ...lines,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    ...(after.length ? ['', ...after] : []),
    '',
    `— ${clinic}`,
  ].join('\n');
  const para = (l: string) => `<p style="margin:0 0 12px">${escape(l)}</p>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1d2a3a;line-height:1.5">
<h1 style="font-size:18px">${escape(clinic)}</h1>
${para(greeting)}
${lines.map(para).join('\n')}
${action ? `<p style="margin:20px 0"><a href="${escape(action.url)}" style="background:#1a76d1;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escape(action.label)}</a></p><p style="font-size:12px;color:#555">${escape(action.url)}</p>` : ''}
${after.map(para).join('\n')}
<p style="margin-top:24px">— ${escape(clinic)}</p>
</body></html>`;
  return { to, subject: `${subject} — ${clinic}`, text, html, link: action?.url };
}

export const mails = {
  verifyEmail: (clinic: string, to: string, name: string, url: string) =>
    compose({
      to, clinic, subject: 'Verify your email address', greeting: `Hello ${name},`,
      lines: [`Please confirm that ${to} is your email address. The link works once, for 24 hours.`],
      action: { label: 'Verify my email', url },
      after: ['If you did not create an account, you can ignore this message.'],
    }),

  confirmNewEmail: (clinic: string, to: string, name: string, url: string) =>
    compose({
      to, clinic, subject: 'Confirm your new email address', greeting: `Hello ${name},`,
      lines: [`You asked to use ${to} for your account. It takes effect once you follow this link (valid once, for 24 hours).`],
      action: { label: 'Use this email', url },
      after: ['If you did not ask for this, ignore this message; nothing changes.'],
    }),

  resetPassword: (clinic: string, to: string, name: string, url: string) =>
    compose({
      to, clinic, subject: 'Reset your password', greeting: `Hello ${name},`,
      lines: ['Someone asked to reset the password of your account. The link works once, for 30 minutes; choosing a new password signs out every session.'],
      action: { label: 'Choose a new password', url },
      after: ['If it was not you, ignore this message; your password stays as it is.'],
    }),

  /** Sent instead of revealing to the person signing up that the address already has an account. */
  accountExists: (clinic: string, to: string, name: string, loginUrl: string, resetUrl: string) =>
    compose({
      to, clinic, subject: 'You already have an account', greeting: `Hello ${name},`,
      lines: [
        `Someone tried to use ${to} for a new account or for another account's email. This address already has an account, so nothing was changed.`,
        `If it was you, log in (${loginUrl}) or reset your password.`,
      ],
      action: { label: 'Reset my password', url: resetUrl },
      after: ['If it was not you, you can ignore this message.'],
    }),

  passwordChanged: (clinic: string, to: string, name: string, resetUrl: string) =>
    compose({
      to, clinic, subject: 'Your password was changed', greeting: `Hello ${name},`,
      lines: ['The password of your account was just changed and every other session was signed out.'],
      after: [`If it was not you, reset your password at once: ${resetUrl}`],
    }),

  /** A notification from the bell, for people who chose to get that event by email too. */
  notification: (clinic: string, to: string, name: string, title: string, body: string, url: string | undefined, settingsUrl: string) =>
    compose({
      to, clinic, subject: title, greeting: `Hello ${name},`,
      lines: [title, ...(body ? [body] : [])],
      action: url ? { label: 'Open in the portal', url } : undefined,
      after: [`You get this email because of your notification settings; change them at ${settingsUrl}`],
    }),
};

type Attachment = NonNullable<MailMessage['attachments']>[number];

/** Appointment messages: each carries the facts, the link to act on, and the calendar file when there is one. */
export const appointmentMails = {
  reserved: (clinic: string, to: string, name: string, what: string, url: string, calendar: Attachment) => ({
    ...compose({
      to, clinic, subject: 'Your appointment is reserved', greeting: `Hello ${name},`,
      lines: [`Your appointment ${what} is reserved.`, 'The attached calendar file adds it to your calendar; open it again if the appointment moves.'],
      action: { label: 'My appointments', url },
    }),
    attachments: [calendar],
  }),

  requestAccepted: (clinic: string, to: string, name: string, what: string, url: string, calendar: Attachment) => ({
    ...compose({
      to, clinic, subject: 'Your appointment request was accepted', greeting: `Hello ${name},`,
      lines: [`Your appointment request was accepted: your appointment is ${what}.`, 'The attached calendar file adds it to your calendar; open it again if the appointment moves.'],
      action: { label: 'My appointments', url },
    }),
    attachments: [calendar],
  }),

  moved: (clinic: string, to: string, name: string, what: string, url: string, calendar: Attachment) => ({
    ...compose({
      to, clinic, subject: 'Your appointment was moved', greeting: `Hello ${name},`,
      lines: [`Your appointment is now ${what}.`, 'The attached calendar file moves it in your calendar.'],
      action: { label: 'My appointments', url },
    }),
    attachments: [calendar],
  }),

  slotReleased: (clinic: string, to: string, name: string, what: string, reason: string, nextSlots: string[], url: string, calendar: Attachment) => ({
    ...compose({
      to, clinic, subject: 'Your appointment was cancelled by the doctor', greeting: `Hello ${name},`,
      lines: [
        `Your appointment ${what} was cancelled by the doctor.`,
        `The reason given: ${reason}`,
        nextSlots.length ? `The doctor's next free times: ${nextSlots.join('; ')}.` : 'The doctor has no free time published right now; you can join the waiting list on the doctor’s page.',
        'The attached calendar file removes it from your calendar.',
      ],
      action: { label: 'Choose another time', url },
    }),
    attachments: [calendar],
  }),

  waitlistOffer: (clinic: string, to: string, name: string, what: string, until: string, url: string) =>
    compose({
      to, clinic, subject: 'A time has freed up for you', greeting: `Hello ${name},`,
      lines: [`A time became free ${what}. It is held for you until ${until}; after that it is offered to the next person waiting.`],
      action: { label: 'Reserve this time', url },
      after: ['The link asks you to log in first if you are not.'],
    }),
};
