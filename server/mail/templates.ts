import { rtlSentence } from '../../shared/bidi-isolate.js';
import type { Language } from '../i18n/language.js';
import type { MailMessage } from './mailer.js';

/**
 * The messages the portal sends: plain text and HTML, each signed with the clinic's name, in the
 * recipient's language. Each mail is defined once with its English and Arabic texts; the one layout
 * below turns either into the message (right to left for Arabic).
 */

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The words of one mail in one language. */
interface Texts {
  subject: string;
  greeting: string;
  lines: string[];
  action?: { label: string; url: string };
  after?: string[];
}

/** One mail: its texts in each language, from the same facts. */
type Bilingual<Facts> = Record<Language, (facts: Facts) => Texts>;

function compose(language: Language, to: string, clinic: string, { subject, greeting, lines, action, after = [] }: Texts): MailMessage {
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
  // English keeps the markup it always had. Arabic says its language and direction on <html> and again
  // on <body> (some webmail drops the <html> tag), and a link stays left to right inside it.
  const htmlOpen = language === 'ar' ? '<html lang="ar" dir="rtl">' : '<html>';
  const bodyOpen = `<body${language === 'ar' ? ' lang="ar" dir="rtl"' : ''} style="font-family:Arial,sans-serif;color:#1d2a3a;line-height:1.5">`;
  const url = (u: string) => (language === 'ar' ? `<span dir="ltr">${escape(u)}</span>` : escape(u));
  const html = `<!doctype html>${htmlOpen}${bodyOpen}
<h1 style="font-size:18px">${escape(clinic)}</h1>
${para(greeting)}
${lines.map(para).join('\n')}
${action ? `<p style="margin:20px 0"><a href="${escape(action.url)}" style="background:#1a76d1;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escape(action.label)}</a></p><p style="font-size:12px;color:#555">${url(action.url)}</p>` : ''}
${after.map(para).join('\n')}
<p style="margin-top:24px">— ${escape(clinic)}</p>
</body></html>`;
  return { to, subject: `${subject} — ${clinic}`, text, html, link: action?.url };
}

/** A mail in the recipient's language. */
const mail =
  <Facts extends { to: string; clinic: string }>(texts: Bilingual<Facts>) =>
  (language: Language, facts: Facts): MailMessage =>
    compose(language, facts.to, facts.clinic, texts[language](facts));

const hello = { en: (name: string) => `Hello ${name},`, ar: (name: string) => rtlSentence`مرحبًا ${name}،` };

interface Person {
  clinic: string;
  to: string;
  name: string;
}

export const mails = {
  /** `licenceNeeded`: a doctor or pharmacist who signed up without the licence the clinic checks is asked for it. */
  verifyEmail: mail<Person & { url: string; licenceNeeded?: boolean }>({
    en: ({ to, name, url, licenceNeeded }) => ({
      subject: 'Verify your email address',
      greeting: hello.en(name),
      lines: [
        `Please confirm that ${to} is your email address. The link works once, for 24 hours.`,
        ...(licenceNeeded
          ? [
              'Your account is awaiting approval: please give your licence number and upload your licence document in Settings → Profile, so the clinic can check them.',
            ]
          : []),
      ],
      action: { label: 'Verify my email', url },
      after: ['If you did not create an account, you can ignore this message.'],
    }),
    ar: ({ to, name, url, licenceNeeded }) => ({
      subject: 'تأكيد بريدك الإلكتروني',
      greeting: hello.ar(name),
      lines: [
        rtlSentence`يُرجى تأكيد أن ${to} هو بريدك الإلكتروني. يعمل الرابط مرة واحدة فقط خلال 24 ساعة.`,
        ...(licenceNeeded
          ? ['حسابك بانتظار الموافقة: يُرجى إدخال رقم ترخيصك ورفع وثيقة الترخيص من الإعدادات ← الملف الشخصي، حتى تتمكن العيادة من التحقق منهما.']
          : []),
      ],
      action: { label: 'تأكيد بريدي الإلكتروني', url },
      after: ['إن لم تُنشئ حسابًا لدينا، يمكنك تجاهل هذه الرسالة.'],
    }),
  }),

  confirmNewEmail: mail<Person & { url: string }>({
    en: ({ to, name, url }) => ({
      subject: 'Confirm your new email address',
      greeting: hello.en(name),
      lines: [`You asked to use ${to} for your account. It takes effect once you follow this link (valid once, for 24 hours).`],
      action: { label: 'Use this email', url },
      after: ['If you did not ask for this, ignore this message; nothing changes.'],
    }),
    ar: ({ to, name, url }) => ({
      subject: 'تأكيد بريدك الإلكتروني الجديد',
      greeting: hello.ar(name),
      lines: [rtlSentence`طلبت استخدام ${to} لحسابك. يسري التغيير بعد فتح هذا الرابط (يعمل مرة واحدة خلال 24 ساعة).`],
      action: { label: 'استخدام هذا البريد', url },
      after: ['إن لم تطلب ذلك، تجاهل هذه الرسالة ولن يتغير شيء.'],
    }),
  }),

  resetPassword: mail<Person & { url: string }>({
    en: ({ name, url }) => ({
      subject: 'Reset your password',
      greeting: hello.en(name),
      lines: ['Someone asked to reset the password of your account. The link works once, for 30 minutes; choosing a new password signs out every session.'],
      action: { label: 'Choose a new password', url },
      after: ['If it was not you, ignore this message; your password stays as it is.'],
    }),
    ar: ({ name, url }) => ({
      subject: 'إعادة تعيين كلمة المرور',
      greeting: hello.ar(name),
      lines: ['طلب أحدهم إعادة تعيين كلمة مرور حسابك. يعمل الرابط مرة واحدة خلال 30 دقيقة، واختيار كلمة مرور جديدة يُنهي جميع جلسات الدخول.'],
      action: { label: 'اختيار كلمة مرور جديدة', url },
      after: ['إن لم تكن أنت من طلب ذلك، تجاهل هذه الرسالة وستبقى كلمة مرورك كما هي.'],
    }),
  }),

  /** Sent instead of revealing to the person signing up that the address already has an account. */
  accountExists: mail<Person & { loginUrl: string; resetUrl: string }>({
    en: ({ to, name, loginUrl, resetUrl }) => ({
      subject: 'You already have an account',
      greeting: hello.en(name),
      lines: [
        `Someone tried to use ${to} for a new account or for another account's email. This address already has an account, so nothing was changed.`,
        `If it was you, log in (${loginUrl}) or reset your password.`,
      ],
      action: { label: 'Reset my password', url: resetUrl },
      after: ['If it was not you, you can ignore this message.'],
    }),
    ar: ({ to, name, loginUrl, resetUrl }) => ({
      subject: 'لديك حساب بالفعل',
      greeting: hello.ar(name),
      lines: [
        rtlSentence`حاول أحدهم استخدام ${to} لإنشاء حساب جديد أو بريدًا لحساب آخر. لهذا العنوان حساب لدينا بالفعل، لذلك لم يتغير شيء.`,
        rtlSentence`إن كنت أنت، فسجّل الدخول (${loginUrl}) أو أعد تعيين كلمة المرور.`,
      ],
      action: { label: 'إعادة تعيين كلمة المرور', url: resetUrl },
      after: ['إن لم تكن أنت، يمكنك تجاهل هذه الرسالة.'],
    }),
  }),

  /** The two-factor step was locked after too many wrong codes: whoever typed them knew her password. */
  twoFactorLocked: mail<Person & { failures: number; minutes: number; until: string; resetUrl: string }>({
    en: ({ name, failures, minutes, until, resetUrl }) => ({
      subject: 'Signing in to your account was locked',
      greeting: hello.en(name),
      lines: [
        `Someone entered your password and then ${failures} wrong two-factor codes within ${minutes} minutes. To keep them out, signing in to your account is locked until ${until}; until then even the right code is refused.`,
        'Whoever did this knew your password. Change your password now: choose a new one with the link below (this also signs out every session).',
      ],
      action: { label: 'Choose a new password', url: resetUrl },
      after: ['If it was you, wait until the lock ends, then enter the newest code from your authenticator app or one of your recovery codes.'],
    }),
    ar: ({ name, failures, minutes, until, resetUrl }) => ({
      subject: 'قُفل تسجيل الدخول إلى حسابك',
      greeting: hello.ar(name),
      lines: [
        rtlSentence`أدخل أحدهم كلمة مرورك ثم ${failures} رموز تحقق خاطئة خلال ${minutes} دقيقة. ولإبقائه خارج حسابك، قُفل تسجيل الدخول إلى حسابك حتى ${until}، ويُرفض حتى الرمز الصحيح إلى ذلك الحين.`,
        'من فعل ذلك يعرف كلمة مرورك. غيّر كلمة المرور الآن: اختر كلمة مرور جديدة من الرابط أدناه (وهذا يُنهي أيضًا جميع جلسات الدخول).',
      ],
      action: { label: 'اختيار كلمة مرور جديدة', url: resetUrl },
      after: ['إن كنت أنت، فانتظر حتى ينتهي القفل، ثم أدخل أحدث رمز من تطبيق المصادقة أو أحد رموز الاسترداد.'],
    }),
  }),

  passwordChanged: mail<Person & { resetUrl: string }>({
    en: ({ name, resetUrl }) => ({
      subject: 'Your password was changed',
      greeting: hello.en(name),
      lines: ['The password of your account was just changed and every other session was signed out.'],
      after: [`If it was not you, reset your password at once: ${resetUrl}`],
    }),
    ar: ({ name, resetUrl }) => ({
      subject: 'تم تغيير كلمة المرور',
      greeting: hello.ar(name),
      lines: ['تم تغيير كلمة مرور حسابك للتو، وأُنهيت جميع جلسات الدخول الأخرى.'],
      after: [rtlSentence`إن لم تكن أنت، فأعد تعيين كلمة المرور فورًا: ${resetUrl}`],
    }),
  }),

  /** A notification from the bell, for people who chose to get that event by email too. */
  notification: mail<Person & { title: string; body: string; url?: string; settingsUrl: string }>({
    en: ({ name, title, body, url, settingsUrl }) => ({
      subject: title,
      greeting: hello.en(name),
      lines: [title, ...(body ? [body] : [])],
      action: url ? { label: 'Open in the portal', url } : undefined,
      after: [`You get this email because of your notification settings; change them at ${settingsUrl}`],
    }),
    ar: ({ name, title, body, url, settingsUrl }) => ({
      subject: title,
      greeting: hello.ar(name),
      lines: [title, ...(body ? [body] : [])],
      action: url ? { label: 'فتح في البوابة', url } : undefined,
      after: [rtlSentence`تصلك هذه الرسالة بحسب إعدادات الإشعارات لديك، ويمكنك تغييرها من ${settingsUrl}`],
    }),
  }),
};

type Attachment = NonNullable<MailMessage['attachments']>[number];

/** The facts of an appointment mail: `what` is the slot as described in her language (describeSlot). */
interface AppointmentFacts extends Person {
  what: string;
  url: string;
}

/** An appointment mail that carries the calendar file. */
const withCalendar =
  <Facts extends Person>(texts: Bilingual<Facts>) =>
  (language: Language, facts: Facts, calendar: Attachment): MailMessage => ({ ...mail(texts)(language, facts), attachments: [calendar] });

const calendarAdds = {
  en: 'The attached calendar file adds it to your calendar; open it again if the appointment moves.',
  ar: 'ملف التقويم المرفق يضيف الموعد إلى تقويمك؛ افتحه مرة أخرى إذا تغيّر الموعد.',
};
const myAppointments = { en: 'My appointments', ar: 'مواعيدي' };

/** Appointment messages: each carries the facts, the link to act on, and the calendar file when there is one. */
export const appointmentMails = {
  reserved: withCalendar<AppointmentFacts>({
    en: ({ name, what, url }) => ({
      subject: 'Your appointment is reserved',
      greeting: hello.en(name),
      lines: [`Your appointment ${what} is reserved.`, calendarAdds.en],
      action: { label: myAppointments.en, url },
    }),
    ar: ({ name, what, url }) => ({
      subject: 'تم حجز موعدك',
      greeting: hello.ar(name),
      lines: [rtlSentence`تم حجز موعدك ${what}.`, calendarAdds.ar],
      action: { label: myAppointments.ar, url },
    }),
  }),

  requestAccepted: withCalendar<AppointmentFacts>({
    en: ({ name, what, url }) => ({
      subject: 'Your appointment request was accepted',
      greeting: hello.en(name),
      lines: [`Your appointment request was accepted: your appointment is ${what}.`, calendarAdds.en],
      action: { label: myAppointments.en, url },
    }),
    ar: ({ name, what, url }) => ({
      subject: 'تم قبول طلب موعدك',
      greeting: hello.ar(name),
      lines: [rtlSentence`تم قبول طلب موعدك، وموعدك ${what}.`, calendarAdds.ar],
      action: { label: myAppointments.ar, url },
    }),
  }),

  moved: withCalendar<AppointmentFacts>({
    en: ({ name, what, url }) => ({
      subject: 'Your appointment was moved',
      greeting: hello.en(name),
      lines: [`Your appointment is now ${what}.`, 'The attached calendar file moves it in your calendar.'],
      action: { label: myAppointments.en, url },
    }),
    ar: ({ name, what, url }) => ({
      subject: 'تم تغيير موعدك',
      greeting: hello.ar(name),
      lines: [rtlSentence`أصبح موعدك ${what}.`, 'ملف التقويم المرفق ينقل الموعد في تقويمك إلى وقته الجديد.'],
      action: { label: myAppointments.ar, url },
    }),
  }),

  /** `nextSlots`: the doctor's next free times, already written in her language. */
  slotReleased: withCalendar<AppointmentFacts & { reason: string; nextSlots: string[] }>({
    en: ({ name, what, reason, nextSlots, url }) => ({
      subject: 'Your appointment was cancelled by the doctor',
      greeting: hello.en(name),
      lines: [
        `Your appointment ${what} was cancelled by the doctor.`,
        `The reason given: ${reason}`,
        nextSlots.length
          ? `The doctor's next free times: ${nextSlots.join('; ')}.`
          : 'The doctor has no free time published right now; you can join the waiting list on the doctor’s page.',
        'The attached calendar file removes it from your calendar.',
      ],
      action: { label: 'Choose another time', url },
    }),
    ar: ({ name, what, reason, nextSlots, url }) => ({
      subject: 'ألغى الطبيب موعدك',
      greeting: hello.ar(name),
      lines: [
        rtlSentence`نأسف لإبلاغك بأن الطبيب ألغى موعدك ${what}.`,
        rtlSentence`السبب المذكور: ${reason}`,
        nextSlots.length
          ? rtlSentence`أقرب المواعيد المتاحة لدى الطبيب: ${nextSlots.join('؛ ')}.`
          : 'لا توجد لدى الطبيب مواعيد متاحة حاليًا، ويمكنك الانضمام إلى قائمة الانتظار من صفحة الطبيب.',
        'ملف التقويم المرفق يحذف الموعد من تقويمك.',
      ],
      action: { label: 'اختيار موعد آخر', url },
    }),
  }),

  /** `until`: the time of day the offer ends, already written in her language. */
  waitlistOffer: mail<AppointmentFacts & { until: string }>({
    en: ({ name, what, until, url }) => ({
      subject: 'A time has freed up for you',
      greeting: hello.en(name),
      lines: [`A time became free ${what}. It is held for you until ${until}; after that it is offered to the next person waiting.`],
      action: { label: 'Reserve this time', url },
      after: ['The link asks you to log in first if you are not.'],
    }),
    ar: ({ name, what, until, url }) => ({
      subject: 'أصبح لك موعد متاح',
      greeting: hello.ar(name),
      lines: [rtlSentence`أصبح هناك موعد متاح ${what}. نحجزه لك حتى ${until}، وبعد ذلك يُعرض على الشخص التالي في قائمة الانتظار.`],
      action: { label: 'احجز هذا الموعد', url },
      after: ['سيطلب منك الرابط تسجيل الدخول أولًا إن لم تكن مسجّلًا.'],
    }),
  }),
};
