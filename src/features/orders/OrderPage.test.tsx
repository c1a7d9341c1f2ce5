import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders, signedIn } from '../../testing/render';
import { testUser } from '../../testing/handlers';
import { server } from '../../testing/server';
import OrderPage from './OrderPage';
import type { OrderDetail } from './types';

const order = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  number: 'CPABCD2345',
  placedAt: '2026-11-20T10:00:00.000Z',
  status: 'pending',
  currency: 'usd',
  lines: [
    {
      _id: 'l1',
      medicine: { _id: 'p1', name: 'Paracetamol 500 mg', slug: 'paracetamol-500-mg', thumbnail: '' },
      quantity: 2,
      unitPrice: 3.5,
      total: 7,
      deliveryStatus: 'pending',
    },
  ],
  totals: { items: 2, subtotal: 7, cancelled: 0, total: 7, refunded: 0 },
  delivery: { location: '12 Nile St', country: 'Egypt', government: 'Cairo' },
  payment: { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2028, amount: 7, paidAt: '2026-11-20T10:00:00.000Z' },
  refunds: [],
  timeline: [{ status: 'placed', at: '2026-11-20T10:00:00.000Z', item: '' }],
  canCancel: true,
  canRetryRefund: false,
  ...overrides,
});

const renderPage = () => renderWithProviders(<OrderPage />, { route: '/orders/CPABCD2345', path: '/orders/:number', preloadedState: signedIn(testUser()) });

describe('OrderPage', () => {
  it('shows the lines, totals, address, card and timeline, with a print button', async () => {
    server.use(http.get('/api/orders/CPABCD2345', () => HttpResponse.json({ order: order() })));
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order CPABCD2345', level: 2 })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Paracetamol 500 mg/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Paracetamol 500 mg', '2', '$3.50', '$7.00', 'pending']);
    expect(screen.getByTestId('order-total')).toHaveTextContent('$7.00 USD');
    expect(screen.getByText(/12 Nile St/)).toHaveTextContent('12 Nile StCairo, Egypt');
    expect(screen.getByText(/visa •••• 4242/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Order status timeline' })).getByText('Order placed and paid')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalled();
  });

  it('cancels after a confirmation and shows the server message only once it answered', async () => {
    server.use(
      http.get('/api/orders/CPABCD2345', () => HttpResponse.json({ order: order() })),
      http.post('/api/orders/CPABCD2345/cancel', () =>
        HttpResponse.json({
          message: 'Your order CPABCD2345 is cancelled and the money is refunded to your visa card ending in 4242.',
          refundPending: false,
          order: order({ status: 'cancelled', canCancel: false, totals: { items: 2, subtotal: 7, cancelled: 7, total: 0, refunded: 7 } }),
        }),
      ),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByText('Your order CPABCD2345 is cancelled and the money is refunded to your visa card ending in 4242.')).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('cancelled');
    expect(screen.getByTestId('order-refunded')).toHaveTextContent('$7.00');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('reorders and names the products that could not go back in the cart', async () => {
    server.use(
      http.get('/api/orders/CPABCD2345', () => HttpResponse.json({ order: order() })),
      http.post('/api/orders/CPABCD2345/reorder', () =>
        HttpResponse.json({
          message: 'None of these products can be bought right now.',
          added: [],
          unavailable: [{ name: 'Paracetamol 500 mg', reason: 'is out of stock' }],
        }),
      ),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Reorder' }));
    expect(await screen.findByText('None of these products can be bought right now.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Not added to the cart' })).getByText('Paracetamol 500 mg is out of stock')).toBeInTheDocument();
  });

  it("tells the buyer why the pharmacy refused a prescription line, in the pharmacist's words", async () => {
    const refused = { ...order().lines[0]!, deliveryStatus: 'cancelled', refusalReason: 'The prescription code does not match the paper one' };
    server.use(http.get('/api/orders/CPABCD2345', () => HttpResponse.json({ order: order({ status: 'cancelled', lines: [refused], canCancel: false }) })));
    renderPage();
    const row = await screen.findByRole('row', { name: /Paracetamol 500 mg/ });
    expect(within(row).getByText('Refused by the pharmacy: The prescription code does not match the paper one')).toBeInTheDocument();
  });

  it('keeps an English reason in its own direction on the Arabic site, so its full stop stays at its end', async () => {
    await showArabic();
    try {
      const refused = { ...order().lines[0]!, deliveryStatus: 'cancelled', refusalReason: 'The code does not match.' };
      server.use(http.get('/api/orders/CPABCD2345', () => HttpResponse.json({ order: order({ status: 'cancelled', lines: [refused], canCancel: false }) })));
      renderPage();
      expect(await screen.findByText('رفضته الصيدلية: \u2068The code does not match.\u2069')).toBeInTheDocument();
    } finally {
      await showEnglish();
    }
  });

  it("shows the server's message for an order that is not hers", async () => {
    server.use(http.get('/api/orders/CPABCD2345', () => HttpResponse.json({ message: 'This order does not exist' }, { status: 404 })));
    renderPage();
    expect(await screen.findByText('This order does not exist')).toBeInTheDocument();
  });
});
