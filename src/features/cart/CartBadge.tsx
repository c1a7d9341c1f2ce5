import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsLoggedIn } from '../session';
import { i18n, useTranslation } from '../../i18n';
import { formatNumber } from '../../ui/clinicTime';
import { CartIcon } from '../../ui/icons';
import { fetchCart, selectCartCount, selectCartStatus } from './cartSlice';

/** The number of lines in the cart, on the navbar's cart icon. Loads the cart once signed in. */
export function CartBadge() {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const status = useAppSelector(selectCartStatus);
  const count = useAppSelector(selectCartCount);

  useEffect(() => {
    if (loggedIn && status === 'idle') void dispatch(fetchCart());
  }, [dispatch, loggedIn, status]);

  if (!loggedIn || count === 0) return null;
  return (
    <span className="icon-badge" data-testid="cart-count">
      <span aria-hidden="true">{formatNumber(count)}</span>
      <span className="visually-hidden"> {cartCountWords(count)}</span>
    </span>
  );
}

const cartCountWords = (count: number) => i18n.t('nav.cartCount', { count });

/**
 * The navbar's cart icon. Its name carries the count ("Cart, 2 products in the cart"): a name set
 * on the link replaces the text inside it, so the count must be part of that name, not only of the badge.
 */
export function CartLink() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const count = useAppSelector(selectCartCount);
  const { t } = useTranslation();
  const name = loggedIn && count > 0 ? t('nav.cartWithCount', { countWords: cartCountWords(count) }) : t('nav.cart');
  return (
    <Link to="/cart" className="icon-link-btn" aria-label={name}>
      <CartIcon />
      <CartBadge />
    </Link>
  );
}
