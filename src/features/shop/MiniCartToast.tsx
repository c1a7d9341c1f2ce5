import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { formatNumber } from '../../ui/clinicTime';
import { miniCartClosed, selectCart, selectLastAdded } from '../cart';
import { dollarsOf } from '../../ui/money';
import './shop.css';

const shownForMs = 6000;

/**
 * The confirmation of an add to cart: a small toast in the corner with the cart's lines and
 * total, that never blocks the page and goes away by itself. Screen readers hear it (status).
 */
export function MiniCartToast() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('cart');
  const lastAdded = useAppSelector(selectLastAdded);
  const cart = useAppSelector(selectCart);

  useEffect(() => {
    if (!lastAdded) return;
    const timer = setTimeout(() => dispatch(miniCartClosed()), shownForMs);
    return () => clearTimeout(timer);
  }, [dispatch, lastAdded]);
  // Leaving the page closes it, so it does not reappear on the next page with an old message.
  useEffect(() => () => void dispatch(miniCartClosed()), [dispatch]);

  const added = lastAdded && cart?.products.find((l) => l.product.slug === lastAdded.slug);
  return (
    <div className="mini-cart" role="status" aria-live="polite">
      {added && cart && (
        <div className="toast show mini-cart__toast" aria-label={t('mini.added')}>
          <div className="toast-header">
            <strong className="me-auto">{t('mini.added')}</strong>
            <button type="button" className="btn-close" aria-label={t('mini.close')} onClick={() => dispatch(miniCartClosed())} />
          </div>
          <div className="toast-body">
            <p className="mb-2" dir="auto">
              {added.product.name} × {formatNumber(added.quantity)}
            </p>
            <ul className="list-unstyled small mb-2 mini-cart__lines" aria-label={t('mini.lines')}>
              {cart.products.map((l) => (
                <li key={l._id} className="d-flex justify-content-between gap-2">
                  <span className="text-truncate" dir="auto">
                    {l.product.name}
                  </span>
                  <span>× {formatNumber(l.quantity)}</span>
                </li>
              ))}
            </ul>
            <p className="fw-bold mb-2" data-testid="mini-cart-total">
              {t('total')} <bdi>{dollarsOf(cart.total)}</bdi>
            </p>
            <div className="d-flex gap-2">
              <Link to="/cart" className="btn btn-outline-primary btn-sm">
                {t('mini.view')}
              </Link>
              <Link to="/checkout" className="btn btn-primary btn-sm">
                {t('mini.checkout')}
              </Link>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
