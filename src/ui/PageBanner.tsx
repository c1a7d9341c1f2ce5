import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The title band at the top of inner pages, with a breadcrumb back home. */
export function PageBanner({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page-banner">
      <div className="container">
        <h1 className="page-banner__title">{title}</h1>
        <nav aria-label="Breadcrumb">
          <ol className="breadcrumb page-banner__crumbs">
            <li className="breadcrumb-item">
              <Link to="/">Home</Link>
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
