import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import notFoundArt from './not-found.svg';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="container py-5 text-center not-found">
      <img src={notFoundArt} alt={t('notFound.image')} width={360} height={240} className="img-fluid mb-4" />
      <h1 className="display-6 fw-bold">{t('notFound.title')}</h1>
      <p className="text-muted">{t('notFound.text')}</p>
      <Link to="/" className="btn btn-primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
