import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { miniCartClosed, selectCart, selectLastAdded } from './cartSlice';
import { dollarsOf } from './money';
import './cart.css';

const shownForMs = 6000;

/**
 * The confirmation of an add to cart: a small toast in the corner with the cart's lines and
 * total, that never blocks the page and goes away by itself. Screen readers hear it (status).
 */
export function MiniCartToast() {
  const dispatch = useAppDispatch();
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
        <div className="toast show mini-cart__toast" aria-label="Added to your cart">
          <div className="toast-header">
            <strong className="me-auto">Added to your cart</strong>
            <button type="button" className="btn-close" aria-label="Close the cart summary" onClick={() => dispatch(miniCartClosed())} />
          </div>
          <div className="toast-body">
            <p className="mb-2">
              {added.product.name} × {added.quantity}
            </p>
            <ul className="list-unstyled small mb-2 mini-cart__lines" aria-label="In your cart">
              {cart.products.map((l) => (
                <li key={l._id} className="d-flex justify-content-between gap-2">
                  <span className="text-truncate">{l.product.name}</span>
                  <span>× {l.quantity}</span>
                </li>
              ))}
            </ul>
            <p className="fw-bold mb-2" data-testid="mini-cart-total">
              Total {dollarsOf(cart.total)}
            </p>
            <div className="d-flex gap-2">
              <Link to="/cart" className="btn btn-outline-primary btn-sm">
                View cart
              </Link>
              <Link to="/checkout" className="btn btn-primary btn-sm">
                Checkout
              </Link>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
