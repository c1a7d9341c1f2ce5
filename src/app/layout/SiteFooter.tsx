import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { MailIcon, PhoneIcon, PinIcon } from '../../ui/icons';

/** The footer of every page: contact details, quick links and the newsletter field. */
export function SiteFooter() {
  const emailId = useId();
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container py-5">
        <div className="row g-4">
          <div className="col-md-6 col-lg-4">
            <h2 className="site-footer__title">{t('footer.clinicName')}</h2>
            <p>{t('footer.about')}</p>
            <ul className="list-unstyled site-footer__contact">
              <li>
                <PinIcon width={18} height={18} /> {t('footer.address')}
              </li>
              <li>
                <PhoneIcon width={18} height={18} /> <bdi dir="ltr">+20 2 3761 4400</bdi>
              </li>
              <li>
                <MailIcon width={18} height={18} /> <bdi>care@nileclinic.example</bdi>
              </li>
            </ul>
          </div>
          <nav className="col-6 col-lg-2" aria-label={t('footer.portal')}>
            <h2 className="site-footer__title">{t('footer.portal')}</h2>
            <ul className="list-unstyled">
              <li>
                <Link to="/doctors">{t('footer.findDoctor')}</Link>
              </li>
              <li>
                <Link to="/appointment/request">{t('footer.appointments')}</Link>
              </li>
              <li>
                <Link to="/shop">{t('footer.shop')}</Link>
              </li>
              <li>
                <Link to="/blogs">{t('footer.articles')}</Link>
              </li>
            </ul>
          </nav>
          <nav className="col-6 col-lg-2" aria-label={t('footer.clinic')}>
            <h2 className="site-footer__title">{t('footer.clinic')}</h2>
            <ul className="list-unstyled">
              <li>
                <Link to="/about">{t('footer.aboutUs')}</Link>
              </li>
              <li>
                <Link to="/contact">{t('footer.contact')}</Link>
              </li>
              <li>
                <Link to="/account/register">{t('footer.register')}</Link>
              </li>
              <li>
                <Link to="/account/login">{t('footer.login')}</Link>
              </li>
            </ul>
          </nav>
          <div className="col-lg-4">
            <h2 className="site-footer__title">{t('footer.newsletter')}</h2>
            <p>{t('footer.newsletterText')}</p>
            <form className="d-flex gap-2" onSubmit={(e) => e.preventDefault()}>
              <label htmlFor={emailId} className="visually-hidden">
                {t('footer.email')}
              </label>
              <input id={emailId} type="email" className="form-control" placeholder={t('footer.email')} />
              <button type="submit" className="btn btn-light">
                {t('footer.subscribe')}
              </button>
            </form>
          </div>
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="container py-3 small">{t('footer.rights', { year: new Date().getFullYear() })}</div>
      </div>
    </footer>
  );
}
