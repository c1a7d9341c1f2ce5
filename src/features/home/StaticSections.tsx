import { Link } from 'react-router-dom';
import { PhoneIcon } from '../../ui/icons';

/** The emergency phone block: always reachable, one tap to call on a phone. */
export function EmergencyBlock() {
  return (
    <section className="emergency" aria-labelledby="emergency-title">
      <div className="container emergency__inner">
        <div className="emergency__icon" aria-hidden="true">
          <PhoneIcon width={34} height={34} />
        </div>
        <div className="emergency__text">
          <h2 id="emergency-title" className="emergency__title">
            Emergency? Call us any time
          </h2>
          <p className="mb-0">Our emergency department is open 24 hours a day, 7 days a week, with a cardiologist and a paediatrician on call.</p>
        </div>
        <div className="emergency__actions">
          <a className="btn btn-light btn-lg emergency__phone" href="tel:+20237614400">
            +20 2 3761 4400
          </a>
          <Link className="btn btn-outline-light" to="/appointment/request">
            Request an appointment
          </Link>
        </div>
      </div>
    </section>
  );
}

const testimonials = [
  {
    quote: 'I booked a cardiology visit for my father on Sunday and we were seen on Tuesday. The doctor explained every result and answered our questions in the chat afterwards.',
    name: 'Mariam Fathy',
    detail: 'Daughter of a cardiology patient',
  },
  {
    quote: 'My prescriptions arrive at home the same day. The pharmacist called to check the dose of a new medicine before sending it, which I really appreciated.',
    name: 'Hany Mostafa',
    detail: 'Pharmacy customer since 2024',
  },
  {
    quote: 'Having my pregnancy scans, tests and notes in one medical history made every visit calmer. My gynaecologist always knew where we had left off.',
    name: 'Salma Ibrahim',
    detail: 'Gynaecology patient',
  },
];

/** What patients say: fixed quotes. */
export function Testimonials() {
  return (
    <section className="home-section testimonials" aria-labelledby="testimonials-title">
      <div className="container">
        <p className="section-kicker text-center">Testimonials</p>
        <h2 id="testimonials-title" className="section-title text-center mb-4">
          What our patients say
        </h2>
        <div className="row g-4">
          {testimonials.map((t) => (
            <figure key={t.name} className="col-md-4 mb-0">
              <div className="testimonial">
                <blockquote className="testimonial__quote">
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption className="testimonial__author">
                  <span className="testimonial__avatar" aria-hidden="true">
                    {t.name
                      .split(' ')
                      .map((w) => w[0])
                      .join('')}
                  </span>
                  <span>
                    <strong>{t.name}</strong>
                    <span className="d-block text-muted small">{t.detail}</span>
                  </span>
                </figcaption>
              </div>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
