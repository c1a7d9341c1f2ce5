import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signedIn } from '../../testing/render';
import { testUser } from '../../testing/handlers';
import { server } from '../../testing/server';
import OrdersReceivedTab from './OrdersReceivedTab';
import type { ReceivedOrder } from './types';

const order: ReceivedOrder = {
  _id: 'o1', medicine: { name: 'Aspirin', slug: 'aspirin' }, buyer: { name: 'Sara Ali', phone: '' }, quantity: 2, price: 7, currency: 'usd',
  deliveryStatus: 'pending', nextStatuses: ['shipped', 'cancelled'], location: '12 Nile St', country: 'Egypt', government: 'Cairo', created_at: '2026-11-20T10:00:00Z',
};

describe('OrdersReceivedTab', () => {
  it('moves an order to shipped with the next-status buttons', async () => {
    const sent: string[] = [];
    server.use(
      http.get('/api/orders/received', () => HttpResponse.json({ orders: [order] })),
      http.patch('/api/orders/status/', async ({ request }) => {
        const status = String((await request.formData()).get('status'));
        sent.push(`${new URL(request.url).searchParams.get('order')}:${status}`);
        return HttpResponse.json({ message: `The order is now ${status}`, order: { ...order, deliveryStatus: status, nextStatuses: ['delivered', 'cancelled'] } });
      }),
    );
    renderWithProviders(<OrdersReceivedTab />, { preloadedState: signedIn(testUser({ roles: ['pharmacist'] }), 'pharmacist') });
    const row = (await screen.findByText('Aspirin')).closest('tr') as HTMLElement;
    expect(within(row).getByText('12 Nile St, Cairo, Egypt')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /^Mark shipped/ }));
    expect(await within(row).findByText('shipped')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^Mark delivered/ })).toBeInTheDocument();
    expect(sent).toEqual(['o1:shipped']);
    expect(screen.getByRole('status')).toHaveTextContent('Aspirin: The order is now shipped');
  });

  it('shows the server message when a change is refused', async () => {
    server.use(
      http.get('/api/orders/received', () => HttpResponse.json({ orders: [order] })),
      http.patch('/api/orders/status/', () => HttpResponse.json({ message: 'This order was changed meanwhile; please reload and try again' }, { status: 409 })),
    );
    renderWithProviders(<OrdersReceivedTab />, { preloadedState: signedIn(testUser(), 'pharmacist') });
    await userEvent.click(await screen.findByRole('button', { name: /^Cancel order/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order was changed meanwhile');
  });
});
