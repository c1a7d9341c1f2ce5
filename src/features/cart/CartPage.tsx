import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DataTable } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useTranslation } from '../../i18n';
import { PageBanner } from '../../ui/PageBanner';
import { popupError } from '../../ui/popup';
import { Spinner } from '../../ui/Spinner';
import { selectIsLoggedIn } from '../session';
import { fetchCart, removeCartLine, selectCart, selectCartError, selectCartStatus, selectCartUpdating, setCartQuantity } from './cartSlice';
import { dollarsOf } from '../../ui/money';
import './cart.css';
import { Section } from '../../ui/Section';

/** The empty message waits a moment, so a cart that is still arriving does not flash as empty. */
const emptyCheckDelayMs = 2000;

/** /cart: lines with quantities, removal, the total and the way to checkout. */
export default function CartPage() {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const cart = useAppSelector(selectCart);
  const status = useAppSelector(selectCartStatus);
  const error = useAppSelector(selectCartError);
  const updating = useAppSelector(selectCartUpdating);
  const [emptyChecked, setEmptyChecked] = useState(false);
  const { t } = useTranslation('cart');

  useEffect(() => {
    if (loggedIn) void dispatch(fetchCart());
    const timer = setTimeout(() => setEmptyChecked(true), emptyCheckDelayMs);
    return () => clearTimeout(timer);
  }, [dispatch, loggedIn]);

  const change = async (slug: string, quantity: number) => {
    try {
      await dispatch(setCartQuantity({ product: slug, quantity })).unwrap();
    } catch (message) {
      void popupError(String(message));
    }
  };
  const remove = async (slug: string) => {
    try {
      await dispatch(removeCartLine(slug)).unwrap();
    } catch (message) {
      void popupError(String(message));
    }
  };

  const lines = cart?.products ?? [];
  return (
    <>
      <PageBanner title={t('title')} />
      <div className="container py-4">
        {loggedIn && status === 'failed' && <ErrorAlert message={error} />}
        {lines.length === 0 ? (
          emptyChecked ? (
            <EmptyState message={t('empty')}>
              <Link to="/shop" className="btn btn-primary">
                {t('toShop')}
              </Link>
            </EmptyState>
          ) : (
            <Spinner label={t('loading')} />
          )
        ) : (
          <div className="row g-4">
            <div className="col-lg-8">
              <DataTable
                rows={lines}
                className="align-middle cart-table table-stack"
                caption={t('caption')}
                columns={[t('product'), t('price'), t('quantity'), t('total'), <span className="visually-hidden">{t('remove')}</span>]}
                row={(line) => {
                  const busy = updating === line.product.slug;
                  const stock = line.product.stock ?? Number.POSITIVE_INFINITY;
                  return (
                    <tr key={line._id}>
                      <td>
                        <div className="d-flex align-items-center gap-2">
                          <img src={line.product.thumbnail} alt="" width={56} height={42} className="cart-table__thumb" />
                          <Link to={`/shop/${encodeURIComponent(line.product.slug)}`}>
                            <bdi>{line.product.name}</bdi>
                          </Link>
                        </div>
                      </td>
                      <td data-label={t('price')}>
                        <bdi>{dollarsOf(line.product.price)}</bdi>
                      </td>
                      <td data-label={t('quantity')}>
                        <div className="input-group input-group-sm cart-quantity" role="group" aria-label={t('quantityOf', { name: line.product.name })}>
                          <button
                            type="button"
                            className="btn btn-outline-secondary"
                            aria-label={t('decrease', { name: line.product.name })}
                            disabled={busy || line.quantity <= 1}
                            onClick={() => void change(line.product.slug, line.quantity - 1)}
                          >
                            −
                          </button>
                          <output className="form-control text-center" aria-live="polite">
                            {line.quantity}
                          </output>
                          <button
                            type="button"
                            className="btn btn-outline-secondary"
                            aria-label={t('increase', { name: line.product.name })}
                            disabled={busy || line.quantity >= stock}
                            onClick={() => void change(line.product.slug, line.quantity + 1)}
                          >
                            +
                          </button>
                        </div>
                      </td>
                      <td data-label={t('total')}>
                        <bdi>{dollarsOf(line.product.price * line.quantity)}</bdi>
                      </td>
                      <td className="cart-table__remove">
                        <button
                          type="button"
                          className="btn btn-link text-danger cart-table__remove-btn"
                          aria-label={t('removeLine', { name: line.product.name })}
                          disabled={busy}
                          onClick={() => void remove(line.product.slug)}
                        >
                          ✕
                        </button>
                      </td>
                    </tr>
                  );
                }}
              />
            </div>
            <div className="col-lg-4">
              <Section className="card card-body" titleId="cart-total-title" titleClassName="h5" title={t('cartTotal')}>
                <p className="d-flex justify-content-between fs-5 mb-3">
                  <span>{t('total')}</span>
                  <strong data-testid="cart-total">
                    <bdi>{dollarsOf(cart?.total ?? 0)}</bdi>
                  </strong>
                </p>
                <Link to="/checkout" className="btn btn-primary w-100">
                  {t('checkout')}
                </Link>
              </Section>
            </div>
          </div>
        )}
      </div>
    </>
  );
}
