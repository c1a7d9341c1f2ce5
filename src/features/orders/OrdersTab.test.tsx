import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signedIn } from '../../testing/render';
import { testUser } from '../../testing/handlers';
import { server } from '../../testing/server';
import OrdersTab from './OrdersTab';
import PaymentsTab from './PaymentsTab';
import { shippedAspirin } from './testing/fixtures';

describe('settings orders and payments', () => {
  it('lists orders with medicine, price, currency and delivery status', async () => {
    server.use(
      http.get('/api/orders/user', () =>
        HttpResponse.json({
          orders: [shippedAspirin],
        }),
      ),
    );
    renderWithProviders(<OrdersTab />, { preloadedState: signedIn(testUser()) });
    const row = (await screen.findByText('Aspirin')).closest('tr') as HTMLElement;
    expect(within(row).getByText('$7.00')).toBeInTheDocument();
    expect(within(row).getByText('USD')).toBeInTheDocument();
    expect(within(row).getByText('shipped')).toBeInTheDocument();
  });

  it("says 'There are no orders found' and 'There are no previous payment methods' when empty", async () => {
    server.use(
      http.get('/api/orders/user', () => HttpResponse.json({ orders: [] })),
      http.get('/api/payments', () => HttpResponse.json({ payments: [] })),
    );
    renderWithProviders(
      <>
        <OrdersTab />
        <PaymentsTab />
      </>,
      { preloadedState: signedIn(testUser()) },
    );
    expect(await screen.findByText('There are no orders found')).toBeInTheDocument();
    expect(await screen.findByText('There are no previous payment methods')).toBeInTheDocument();
    // The message stands alone: no empty table of headings under it.
    expect(screen.queryByRole('table', { name: 'Your orders' })).not.toBeInTheDocument();
  });

  it('lists payment methods by brand, last four digits and expiry', async () => {
    server.use(
      http.get('/api/payments', () =>
        HttpResponse.json({
          payments: [
            { _id: 'p1', brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2028, amount: 25, currency: 'usd', created_at: '2026-11-20T10:00:00Z' },
          ],
        }),
      ),
    );
    renderWithProviders(<PaymentsTab />, { preloadedState: signedIn(testUser()) });
    expect(await screen.findByText('•••• 4242', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('expires 08/2028')).toBeInTheDocument();
    expect(screen.getByText(/\$25\.00 USD/)).toBeInTheDocument();
  });
});
