/**
 * What other features may use of the cart: its state, refresh and the actions product pages use to add to
 * it (the shop's useAddToCart and mini-cart toast), and the cart's type. Slices in every route's first
 * chunk import this index, so it holds the slice's API only: no component, no CSS.
 */
export { cartEmptied, cartItemAdded, cartSlice, fetchCart, miniCartClosed, selectCart, selectCartStatus, selectLastAdded, setCartQuantity } from './cartSlice';
export type { Cart } from './types';
