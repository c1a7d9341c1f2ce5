import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signedIn } from '../../testing/render';
import { testUser } from '../../testing/handlers';
import { server } from '../../testing/server';
import { cartFixture } from '../shop/testing/fixtures';
import { closePopups } from '../shop/testing/popups';
import { CartBadge } from './CartBadge';
import CartPage from './CartPage';

afterEach(() => closePopups());

describe('CartPage', () => {
  it('shows the lines and total; quantity changes send the new absolute quantity and never go below 1', async () => {
    let cart = cartFixture([
      { slug: 'a', name: 'Alpha', price: 2.5, quantity: 1 },
      { slug: 'b', name: 'Beta', price: 10, quantity: 2 },
    ]);
    const sent: [string, string][] = [];
    server.use(
      http.get('/api/cart', () => HttpResponse.json({ cart: [cart] })),
      http.post('/api/cart', async ({ request }) => {
        const form = await request.formData();
        const slug = String(form.get('product'));
        const quantity = Number(form.get('quantity'));
        sent.push([slug, String(quantity)]);
        cart = cartFixture(
          cart.products.map((l) => ({
            slug: l.product.slug,
            name: l.product.name,
            price: l.product.price,
            quantity: l.product.slug === slug ? quantity : l.quantity,
          })),
        );
        return HttpResponse.json({ cart });
      }),
      http.delete('/api/cart/', ({ request }) => {
        const slug = new URL(request.url).searchParams.get('product');
        cart = cartFixture(
          cart.products
            .filter((l) => l.product.slug !== slug)
            .map((l) => ({ slug: l.product.slug, name: l.product.name, price: l.product.price, quantity: l.quantity })),
        );
        return HttpResponse.json({ cart });
      }),
    );
    renderWithProviders(
      <>
        <CartBadge />
        <CartPage />
      </>,
      { preloadedState: signedIn(testUser()) },
    );
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$22.50');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Decrease the quantity of Alpha' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Increase the quantity of Alpha' }));
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$25.00'));
    await userEvent.click(screen.getByRole('button', { name: 'Decrease the quantity of Beta' }));
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$15.00'));
    expect(sent).toEqual([
      ['a', '2'],
      ['b', '1'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Beta' }));
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('1'));
    expect(screen.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute('href', '/checkout');
  });

  it("says 'Your cart is empty' with a link to the shop, after 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server.use(http.get('/api/cart', () => HttpResponse.json({ cart: [] })));
      renderWithProviders(<CartPage />, { preloadedState: signedIn(testUser()) });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1100);
      });
      expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows no badge for guests', () => {
    renderWithProviders(<CartBadge />);
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();
  });
});
