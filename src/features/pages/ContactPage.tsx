import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { PageBanner } from '../../ui/PageBanner';
import { MailIcon, PhoneIcon, PinIcon } from '../../ui/icons';
import './pages.css';
import './texts';

const clinicEmail = 'care@nileclinic.example';

/**
 * The contact page. The form is not sent to the portal: submitting it opens the visitor's email
 * app with the message written out, addressed to the clinic's reception.
 */
export default function ContactPage() {
  const { t } = useTranslation('pages');
  const id = useId();
  const [form, setForm] = useState({ name: '', email: '', subject: '', message: '' });
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = `${form.message}\n\n${form.name}${form.email ? ` <${form.email}>` : ''}`;
    window.location.href = `mailto:${clinicEmail}?subject=${encodeURIComponent(form.subject || t('contact.defaultSubject'))}&body=${encodeURIComponent(body)}`;
  };

  return (
    <>
      <PageBanner title={t('contact.title')} />
      <div className="container py-5">
        <div className="row g-4 mb-5">
          {[
            { icon: <PinIcon />, title: t('contact.address'), text: t('common:footer.address') },
            {
              icon: <PhoneIcon />,
              title: t('contact.phone'),
              text: (
                <>
                  <bdi dir="ltr">+20 2 3761 4400</bdi> {t('contact.allDay')}
                </>
              ),
            },
            { icon: <MailIcon />, title: t('contact.email'), text: <bdi>{clinicEmail}</bdi> },
          ].map((item) => (
            <div key={item.title} className="col-md-6 col-xl-4">
              <div className="contact-card">
                <span className="contact-card__icon">{item.icon}</span>
                <div>
                  <h2 className="contact-card__title">{item.title}</h2>
                  <p className="mb-0">{item.text}</p>
                </div>
              </div>
            </div>
          ))}
        </div>
        <form className="contact-form card p-4 p-md-5 mx-auto" onSubmit={submit} aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} className="h4">
            {t('contact.formTitle')}
          </h2>
          <p className="text-muted">{t('contact.intro')}</p>
          <div className="row g-3">
            <div className="col-md-6">
              <label className="form-label" htmlFor={`${id}-name`}>
                {t('contact.name')}
              </label>
              <input id={`${id}-name`} className="form-control" autoComplete="name" value={form.name} onChange={set('name')} />
            </div>
            <div className="col-md-6">
              <label className="form-label" htmlFor={`${id}-email`}>
                {t('contact.yourEmail')}
              </label>
              <input id={`${id}-email`} type="email" className="form-control" autoComplete="email" value={form.email} onChange={set('email')} />
            </div>
            <div className="col-12">
              <label className="form-label" htmlFor={`${id}-subject`}>
                {t('contact.subject')}
              </label>
              <input id={`${id}-subject`} className="form-control" value={form.subject} onChange={set('subject')} />
            </div>
            <div className="col-12">
              <label className="form-label" htmlFor={`${id}-message`}>
                {t('contact.message')}
              </label>
              <textarea id={`${id}-message`} className="form-control" rows={6} value={form.message} onChange={set('message')} />
            </div>
          </div>
          <button type="submit" className="btn btn-primary mt-4 px-4 align-self-start">
            {t('contact.send')}
          </button>
        </form>
      </div>
    </>
  );
}
