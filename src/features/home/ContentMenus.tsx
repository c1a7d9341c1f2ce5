import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { MenuIcon } from './MenuIcon';
import type { Menu } from './types';

/** The welcome card under the slider: the features menu's items as shortcuts into the portal. */
export function FeaturesStrip({ menu }: { menu: Menu | null }) {
  const { t } = useTranslation('home');
  return (
    <section className="features-strip" aria-labelledby="features-title">
      <div className="container">
        <div className="features-strip__card">
          <div className="features-strip__intro">
            <h2 id="features-title" className="features-strip__title">
              {t('features.title')}
            </h2>
            <p className="mb-0" dir="auto">
              {menu?.description ?? t('features.text')}
            </p>
          </div>
          <ul className="features-strip__items list-unstyled">
            {(menu?.items ?? []).map((item) => (
              <li key={item._id}>
                <Link className="feature-link" to={item.link.startsWith('/') ? item.link : `/${item.link}`}>
                  <span className="feature-link__icon">
                    <MenuIcon name={item.icon} />
                  </span>
                  <span className="feature-link__title" dir="auto">
                    {item.title}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** The clinic's figures beside the benefits; their figure and label are `benefits.facts.<key>`. */
const facts = ['departments', 'days', 'emergency'] as const;

/** Why patients choose the clinic: the benefits menu. The navbar's About link scrolls here (#benefits). */
export function BenefitsSection({ menu }: { menu: Menu | null }) {
  const { t } = useTranslation('home');
  return (
    <section id="benefits" className="home-section benefits" aria-labelledby="benefits-title" tabIndex={-1}>
      <div className="container">
        <div className="row g-4 g-lg-5 align-items-center">
          <div className="col-lg-6">
            <p className="section-kicker">{t('benefits.kicker')}</p>
            <h2 id="benefits-title" className="section-title">
              {t('benefits.title')}
            </h2>
            <p className="lead benefits__lead" dir="auto">
              {menu?.description ?? t('benefits.text')}
            </p>
            <ul className="benefits__list list-unstyled">
              {(menu?.items ?? []).map((item) => (
                <li key={item._id} className="benefits__item">
                  <span className="benefits__icon">
                    <MenuIcon name={item.icon} size={24} />
                  </span>
                  <span dir="auto">{item.title}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="col-lg-6">
            <ul className="benefits__facts list-unstyled">
              {facts.map((fact) => (
                <li key={fact} className="benefits__fact">
                  <strong>{t(`benefits.facts.${fact}.figure`)}</strong>
                  <span>{t(`benefits.facts.${fact}.label`)}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
