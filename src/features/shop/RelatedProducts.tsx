import { Link } from 'react-router-dom';
import type { ProductSummary } from './types';
import { useTranslation } from '../../i18n';
import { Section } from '../../ui/Section';

/** Products from the same category, priced in LE as the related panel always has been. */
export function RelatedProducts({ products }: { products: ProductSummary[] }) {
  const { t } = useTranslation('shop');
  if (!products.length) return null;
  return (
    <Section className="mt-5" titleId="related-title" titleClassName="h4 mb-3" title={t('product.related')}>
      <ul className="row g-3 list-unstyled" aria-label={t('product.related')}>
        {products.map((p) => (
          <li key={p._id} className="col-6 col-md-3">
            <article className="card h-100 product-card">
              <Link to={`/shop/${encodeURIComponent(p.slug)}`} className="product-card__photo" tabIndex={-1} aria-hidden="true">
                <img src={p.thumbnail} alt="" loading="lazy" width={240} height={180} />
              </Link>
              <div className="card-body">
                <h3 className="h6 mb-1">
                  <Link to={`/shop/${encodeURIComponent(p.slug)}`} className="text-decoration-none product-card__name">
                    {p.name}
                  </Link>
                </h3>
                <span className="product-card__price">{Number(p.price).toFixed(2)} LE</span>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </Section>
  );
}
