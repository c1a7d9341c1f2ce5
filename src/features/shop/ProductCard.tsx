import { Link } from 'react-router-dom';
import { CartIcon } from '../../ui/icons';
import { useTranslation } from '../../i18n';
import { dollars, type ProductSummary } from './types';
import { categoryName } from '../../ui/categories';

/** A product in the shop grid: picture, name, price and a quick add-to-cart. */
export function ProductCard({ product, onAdd }: { product: ProductSummary; onAdd: (slug: string) => void }) {
  const { t } = useTranslation('shop');
  const href = `/shop/${encodeURIComponent(product.slug)}`;
  return (
    <article className="card h-100 product-card">
      <Link to={href} className="product-card__photo" tabIndex={-1} aria-hidden="true">
        <img src={product.thumbnail} alt="" loading="lazy" width={240} height={180} />
      </Link>
      <div className="card-body d-flex flex-column">
        <h2 className="h6 mb-1">
          <Link to={href} className="text-decoration-none product-card__name">
            <bdi>{product.name}</bdi>
          </Link>
        </h2>
        {product.category && (
          <p className="small text-muted mb-2" dir="auto">
            {categoryName(product.category.name)}
          </p>
        )}
        <div className="mt-auto d-flex align-items-center justify-content-between">
          <bdi className="product-card__price">{dollars(product.price)}</bdi>
          {product.quantity > 0 ? (
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              aria-label={t('card.add', { name: product.name })}
              onClick={() => onAdd(product.slug)}
            >
              <CartIcon width={18} height={18} />
            </button>
          ) : (
            <span className="badge text-bg-secondary">{t('card.outOfStock')}</span>
          )}
        </div>
      </div>
    </article>
  );
}
