import { rtlList, rtlSentence } from '../../../shared/bidi-isolate.js';
import { type Language } from '../../i18n/language.js';
import { clinicTimeOfDay, clinicWhen, describeSlotIn } from '../../i18n/dates.js';
import { withoutTitle } from '../../lib/names.js';

/**
 * What a notification says, as facts rather than words: stored with the notification (JSON) so the
 * bell, the push and the email word it in the reader's language when they show it. Instants are UTC
 * ISO strings and are written in the clinic's zone at that time. The English wording stays the one
 * stored in the row's title and body at creation (older rows have no message and show those).
 */
export type NotificationMessage =
  | { key: 'reservation_made'; patient: string; startsAt: string }
  | { key: 'reservation_cancelled'; patient: string; startsAt: string }
  | { key: 'reservation_moved'; patient: string; from: string; to: string }
  | { key: 'slot_released'; doctor: string; startsAt: string; reason: string; next: string[] }
  | { key: 'request_accepted'; doctor: string; startsAt: string }
  | { key: 'request_declined'; reason: string }
  | { key: 'appointment_reminder'; doctor: string; startsAt: string; ahead: '24h' | '2h' }
  | { key: 'visit_rating_prompt'; doctor: string; startsAt: string }
  | { key: 'waitlist_offer'; doctor: string; startsAt: string; until: string }
  | { key: 'prescription_issued'; doctor: string; medicines: string[] }
  | { key: 'order_paid'; orderNumber: string; lines: string[] }
  | { key: 'order_status'; orderNumber: string; product: string; status: 'pending' | 'shipped' | 'delivered' | 'cancelled'; reason: string }
  | { key: 'account_approved' }
  | { key: 'account_rejected'; reason: string }
  | { key: 'profile_change_approved' }
  | { key: 'profile_change_rejected'; reason: string }
  | { key: 'chat_message'; sender: string };

type Words = { title: string; body: string };
type Messages = { [K in NotificationMessage['key']]: (m: Extract<NotificationMessage, { key: K }>, zone: string) => Words };

const when = (zone: string, instant: string) => clinicWhen('ar', zone, instant);

const orderStatusAr = {
  pending: 'عاد إلى قيد الانتظار',
  shipped: 'تم شحنه',
  delivered: 'تم توصيله',
  cancelled: 'ألغته الصيدلية، وسيُرد ثمنه إلى بطاقتك',
} as const;

/** The Arabic words of each message, written for the person reading them. */
const arabic: Messages = {
  reservation_made: (m, zone) => ({ title: rtlSentence`حجز ${m.patient} موعدك يوم ${when(zone, m.startsAt)}`, body: '' }),
  reservation_cancelled: (m, zone) => ({
    title: rtlSentence`ألغى ${m.patient} الموعد المحدد يوم ${when(zone, m.startsAt)}`,
    body: 'أصبح هذا الموعد متاحًا من جديد لمرضى آخرين.',
  }),
  reservation_moved: (m, zone) => ({ title: rtlSentence`نقل ${m.patient} الموعد من ${when(zone, m.from)} إلى ${when(zone, m.to)}`, body: '' }),
  slot_released: (m, zone) => ({
    title: rtlSentence`ألغى الطبيب موعدك ${describeSlotIn('ar', zone, m.doctor, m.startsAt)}`,
    body: rtlSentence`السبب: ${m.reason}. ${m.next.length ? rtlSentence`أقرب المواعيد المتاحة: ${m.next.map((s) => when(zone, s)).join('؛ ')}.` : 'لا توجد مواعيد متاحة حاليًا، ويمكنك الانضمام إلى قائمة الانتظار من صفحة الطبيب.'}`,
  }),
  request_accepted: (m, zone) => ({
    title: 'تم قبول طلب موعدك',
    body: rtlSentence`تم قبول طلب موعدك: سيستقبلك د. ${withoutTitle(m.doctor)} يوم ${when(zone, m.startsAt)}.`,
  }),
  request_declined: (m) => ({ title: 'تم رفض طلب موعدك', body: rtlSentence`السبب: ${m.reason}` }),
  appointment_reminder: (m, zone) => ({
    title: rtlSentence`تذكير: موعدك مع د. ${withoutTitle(m.doctor)} ${m.ahead === '24h' ? 'غدًا' : 'بعد ساعتين'}`,
    body: rtlSentence`موعدك مع د. ${withoutTitle(m.doctor)} يوم ${when(zone, m.startsAt)} (بتوقيت العيادة).`,
  }),
  visit_rating_prompt: (m, zone) => ({
    title: 'كيف كانت زيارتك؟',
    body: rtlSentence`أخبر المرضى الآخرين عن زيارتك إلى د. ${withoutTitle(m.doctor)} يوم ${when(zone, m.startsAt)}: قيّمها من صفحة الطبيب.`,
  }),
  waitlist_offer: (m, zone) => ({
    title: rtlSentence`أصبح هناك موعد متاح ${describeSlotIn('ar', zone, m.doctor, m.startsAt)}`,
    body: rtlSentence`نحجزه لك حتى ${clinicTimeOfDay('ar', zone, m.until)}؛ احجزه قبل ذلك وإلا يُعرض على الشخص التالي في قائمة الانتظار.`,
  }),
  prescription_issued: (m) => ({ title: rtlSentence`كتب لك د. ${withoutTitle(m.doctor)} وصفة طبية`, body: rtlList(m.medicines) }),
  order_paid: (m) => ({ title: rtlSentence`تم دفع الطلب ${m.orderNumber}`, body: rtlSentence`المطلوب إرساله: ${rtlList(m.lines)}.` }),
  order_status: (m) => ({
    title: rtlSentence`${m.product} من الطلب ${m.orderNumber} ${orderStatusAr[m.status]}`,
    body: m.status === 'cancelled' && m.reason ? rtlSentence`سبب الصيدلي: ${m.reason}` : '',
  }),
  account_approved: () => ({ title: 'تمت الموافقة على حسابك', body: 'حسابك ظاهر الآن في البوابة، ويمكنك استخدام كل ما يتيحه لك دورك.' }),
  account_rejected: (m) => ({ title: 'تم رفض طلبك', body: rtlSentence`السبب: ${m.reason}` }),
  profile_change_approved: () => ({ title: 'تمت الموافقة على تغيير بيانات حسابك', body: 'أصبحت تظهر في البوابة باسمك أو قسمك أو رقم ترخيصك الجديد.' }),
  profile_change_rejected: (m) => ({ title: 'تم رفض تغيير بيانات حسابك', body: rtlSentence`ما زلت تظهر ببياناتك السابقة. السبب: ${m.reason}` }),
  chat_message: (m) => ({ title: rtlSentence`رسالة جديدة من ${m.sender}`, body: 'افتح المحادثة لقراءتها.' }),
};

/** A stored message, or null when the row has none or it cannot be read (then the stored words show). */
function parse(json: string | null | undefined): NotificationMessage | null {
  if (!json) return null;
  try {
    const message = JSON.parse(json) as NotificationMessage;
    return message && typeof message === 'object' && message.key in arabic ? message : null;
  } catch {
    return null;
  }
}

/**
 * The title and body of a notification in the reader's language: English is the wording stored at
 * creation; Arabic is worded now from the stored facts.
 */
export function wordNotification(row: { title: string; body: string; message?: string | null }, language: Language, zone: string): Words {
  const message = language === 'en' ? null : parse(row.message);
  if (!message) return { title: row.title, body: row.body };
  const word = arabic[message.key] as (m: NotificationMessage, zone: string) => Words;
  return word(message, zone);
}
