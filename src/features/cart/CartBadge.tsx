import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsLoggedIn } from '../session/sessionSlice';
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
      {count}
      <span className="visually-hidden"> {count === 1 ? 'product' : 'products'} in the cart</span>
    </span>
  );
}
