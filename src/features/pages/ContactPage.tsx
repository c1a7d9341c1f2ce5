import { useId, useState, type FormEvent } from 'react';
import { PageBanner } from '../../ui/PageBanner';
import { MailIcon, PhoneIcon, PinIcon } from '../../ui/icons';
import './pages.css';

const clinicEmail = 'care@nileclinic.example';

/**
 * The contact page. The form is not sent to the portal: submitting it opens the visitor's email
 * app with the message written out, addressed to the clinic's reception.
 */
export default function ContactPage() {
  const id = useId();
  const [form, setForm] = useState({ name: '', email: '', subject: '', message: '' });
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = `${form.message}\n\n${form.name}${form.email ? ` <${form.email}>` : ''}`;
    window.location.href = `mailto:${clinicEmail}?subject=${encodeURIComponent(form.subject || 'Question for Nile Clinic')}&body=${encodeURIComponent(body)}`;
  };

  return (
    <>
      <PageBanner title="Contact us" />
      <div className="container py-5">
        <div className="row g-4 mb-5">
          {[
            { icon: <PinIcon />, title: 'Address', text: '14 El Tahrir Street, Dokki, Giza' },
            { icon: <PhoneIcon />, title: 'Phone', text: '+20 2 3761 4400 (24 hours)' },
            { icon: <MailIcon />, title: 'Email', text: clinicEmail },
          ].map((item) => (
            <div key={item.title} className="col-md-4">
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
            Send us a message
          </h2>
          <p className="text-muted">Sending opens your email app with the message ready to go. We answer within one working day.</p>
          <div className="row g-3">
            <div className="col-md-6">
              <label className="form-label" htmlFor={`${id}-name`}>
                Name*
              </label>
              <input id={`${id}-name`} className="form-control" autoComplete="name" value={form.name} onChange={set('name')} />
            </div>
            <div className="col-md-6">
              <label className="form-label" htmlFor={`${id}-email`}>
                Email*
              </label>
              <input id={`${id}-email`} type="email" className="form-control" autoComplete="email" value={form.email} onChange={set('email')} />
            </div>
            <div className="col-12">
              <label className="form-label" htmlFor={`${id}-subject`}>
                Subject
              </label>
              <input id={`${id}-subject`} className="form-control" value={form.subject} onChange={set('subject')} />
            </div>
            <div className="col-12">
              <label className="form-label" htmlFor={`${id}-message`}>
                Message*
              </label>
              <textarea id={`${id}-message`} className="form-control" rows={6} value={form.message} onChange={set('message')} />
            </div>
          </div>
          <button type="submit" className="btn btn-primary mt-4 px-4 align-self-start">
            Send message
          </button>
        </form>
      </div>
    </>
  );
}
