import { Link } from 'react-router-dom';
import { PhoneIcon } from '../../ui/icons';
import { useTranslation } from '../../i18n';

/** The emergency phone block: always reachable, one tap to call on a phone. */
export function EmergencyBlock() {
  const { t } = useTranslation('home');
  return (
    <section className="emergency" aria-labelledby="emergency-title">
      <div className="container emergency__inner">
        <div className="emergency__icon" aria-hidden="true">
          <PhoneIcon width={34} height={34} />
        </div>
        <div className="emergency__text">
          <h2 id="emergency-title" className="emergency__title">
            {t('emergency.title')}
          </h2>
          <p className="mb-0">{t('emergency.text')}</p>
        </div>
        <div className="emergency__actions">
          <a className="btn btn-light btn-lg emergency__phone" href="tel:+20237614400" dir="ltr">
            +20 2 3761 4400
          </a>
          <Link className="btn btn-outline-light" to="/appointment/request">
            {t('emergency.request')}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** Fixed quotes; their texts live in the home namespace under testimonials.<key>. */
const testimonials = ['mariam', 'hany', 'salma'] as const;

/** What patients say: fixed quotes. */
export function Testimonials() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section testimonials" aria-labelledby="testimonials-title">
      <div className="container">
        <p className="section-kicker text-center">{t('testimonials.kicker')}</p>
        <h2 id="testimonials-title" className="section-title text-center mb-4">
          {t('testimonials.title')}
        </h2>
        <div className="row g-4">
          {testimonials.map((key) => (
            <figure key={key} className="col-md-4 mb-0">
              <div className="testimonial">
                <blockquote className="testimonial__quote">
                  <p>{t(`testimonials.${key}.quote`)}</p>
                </blockquote>
                <figcaption className="testimonial__author">
                  <span className="testimonial__avatar" aria-hidden="true">
                    {t(`testimonials.${key}.name`)
                      .split(' ')
                      .map((w) => w[0])
                      .join('')}
                  </span>
                  <span>
                    <strong>{t(`testimonials.${key}.name`)}</strong>
                    <span className="d-block text-muted small">{t(`testimonials.${key}.detail`)}</span>
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
