import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { popupError } from '../../ui/popup';
import { selectIsLoggedIn } from '../session';
import { cartItemAdded, selectCart, setCartQuantity } from '../cart';

/**
 * How product pages add to the cart (through the cart's index): puts a product in the cart with a quantity (`set`),
 * or one more than it already holds (`addOne`); success shows the mini-cart toast, a refusal
 * (such as 'Out of stock quantity') the error popup.
 */
export function useAddToCart() {
  const { t } = useTranslation('cart');
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const cart = useAppSelector(selectCart);

  const set = useCallback(
    async (slug: string, quantity: number) => {
      if (!loggedIn) {
        await popupError(t('mustLogIn'));
        return false;
      }
      try {
        await dispatch(setCartQuantity({ product: slug, quantity })).unwrap();
        // Confirmed by the server: a small toast with the mini-cart, nothing to dismiss.
        dispatch(cartItemAdded(slug));
        return true;
      } catch (message) {
        void popupError(String(message));
        return false;
      }
    },
    [dispatch, loggedIn, t],
  );

  const addOne = useCallback((slug: string) => set(slug, (cart?.products.find((l) => l.product.slug === slug)?.quantity ?? 0) + 1), [cart, set]);

  return { set, addOne };
}
