import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../i18n';

/** The title band at the top of inner pages, with a breadcrumb back home. */
export function PageBanner({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="page-banner">
      <div className="container">
        <h1 className="page-banner__title">{title}</h1>
        <nav aria-label={t('breadcrumb')}>
          <ol className="breadcrumb page-banner__crumbs">
            <li className="breadcrumb-item">
              <Link to="/">{t('nav.home')}</Link>
            </li>
            <li className="breadcrumb-item active" aria-current="page">
              {title}
            </li>
          </ol>
        </nav>
        {children}
      </div>
    </section>
  );
}
