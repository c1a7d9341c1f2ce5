import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { isolate } from '../../../shared/bidi-isolate';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders, signedIn } from '../../testing/render';
import { testUser } from '../../testing/handlers';
import { server } from '../../testing/server';
import OrdersReceivedTab from './OrdersReceivedTab';
import type { ReceivedOrder } from './types';

const order: ReceivedOrder = {
  _id: 'o1',
  medicine: { name: 'Aspirin', slug: 'aspirin' },
  buyer: { name: 'Sara Ali', phone: '' },
  quantity: 2,
  price: 7,
  currency: 'usd',
  deliveryStatus: 'pending',
  nextStatuses: ['shipped', 'cancelled'],
  location: '12 Nile St',
  country: 'Egypt',
  government: 'Cairo',
  created_at: '2026-11-20T10:00:00Z',
};

describe('OrdersReceivedTab', () => {
  it('moves an order to shipped with the next-status buttons', async () => {
    const sent: string[] = [];
    server.use(
      http.get('/api/orders/received', () => HttpResponse.json({ orders: [order] })),
      http.patch('/api/orders/status/', async ({ request }) => {
        const status = String((await request.formData()).get('status'));
        sent.push(`${new URL(request.url).searchParams.get('order')}:${status}`);
        return HttpResponse.json({
          message: `The order is now ${status}`,
          order: { ...order, deliveryStatus: status, nextStatuses: ['delivered', 'cancelled'] },
        });
      }),
    );
    renderWithProviders(<OrdersReceivedTab />, { preloadedState: signedIn(testUser({ roles: ['pharmacist'] }), 'pharmacist') });
    const row = (await screen.findByText('Aspirin')).closest('tr') as HTMLElement;
    expect(within(row).getByText('12 Nile St, Cairo, Egypt')).toBeInTheDocument();
    expect(within(row).getByText('$7.00 USD')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /^Mark shipped/ }));
    expect(await within(row).findByText('shipped')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^Mark delivered/ })).toBeInTheDocument();
    expect(sent).toEqual(['o1:shipped']);
    expect(screen.getByRole('status')).toHaveTextContent('Aspirin: The order is now shipped');
  });

  it('shows the orders in Arabic, with the date in Arabic digits and the status in words', async () => {
    server.use(http.get('/api/orders/received', () => HttpResponse.json({ orders: [order] })));
    await showArabic();
    try {
      renderWithProviders(<OrdersReceivedTab />, { preloadedState: signedIn(testUser({ roles: ['pharmacist'] }), 'pharmacist') });
      expect(await screen.findByRole('heading', { name: 'الطلبات الواردة' })).toBeInTheDocument();
      const row = (await screen.findByText('Aspirin')).closest('tr') as HTMLElement;
      expect(within(row).getByText('قيد الانتظار')).toBeInTheDocument();
      expect(within(row).getByText('٢٠ نوفمبر ٢٠٢٦')).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: `تأكيد الشحن: ${isolate('Aspirin')} لـ ${isolate('Sara Ali')}` })).toBeInTheDocument();
    } finally {
      await showEnglish();
    }
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

  it('shows the prescription on the order and refuses it with a reason asked in a dialog', async () => {
    const rxOrder: ReceivedOrder = {
      ...order,
      _id: 'o2',
      medicine: { name: 'Amoxicillin 500 mg', slug: 'amox' },
      prescription: {
        _id: 'rx-1',
        code: 'RX-7K3M-9Q2X',
        issuedAt: '2026-11-20T10:00:00.000Z',
        validUntil: '2026-12-20T10:00:00.000Z',
        doctor: { name: 'Dr. Omar Hassan', licenseNumber: 'EG-12345' },
      },
      refusalReason: '',
    };
    const sent: Record<string, FormDataEntryValue>[] = [];
    server.use(
      http.get('/api/orders/received', () => HttpResponse.json({ orders: [rxOrder] })),
      http.patch('/api/orders/status/', async ({ request }) => {
        const form = Object.fromEntries(await request.formData());
        sent.push(form);
        if (form.reason === 'oops') return HttpResponse.json({ message: 'This order was changed meanwhile' }, { status: 409 });
        return HttpResponse.json({
          message: 'The order is refused',
          order: { ...rxOrder, deliveryStatus: 'cancelled', nextStatuses: [], refusalReason: String(form.reason) },
        });
      }),
    );
    renderWithProviders(<OrdersReceivedTab />, { preloadedState: signedIn(testUser({ roles: ['pharmacist'] }), 'pharmacist') });
    const row = (await screen.findByText('Amoxicillin 500 mg')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Prescription RX-7K3M-9Q2X by Dr. Omar Hassan (licence EG-12345), issued 20 Nov 2026');
    expect(within(row).queryByRole('button', { name: /^Cancel order/ })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Refuse: Amoxicillin 500 mg for Sara Ali' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse Amoxicillin 500 mg for Sara Ali' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse the order' }));
    expect(within(dialog).getByText('Please write why you refuse this order')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason for refusing *'), 'oops');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse the order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This order was changed meanwhile');
    await userEvent.clear(within(dialog).getByLabelText('Reason for refusing *'));
    await userEvent.type(within(dialog).getByLabelText('Reason for refusing *'), 'The prescription code does not match the paper');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse the order' }));
    expect(await screen.findByText('Amoxicillin 500 mg: The order is refused')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('Refused: The prescription code does not match the paper');
    expect(sent[1]).toEqual({ status: 'cancelled', reason: 'The prescription code does not match the paper' });
  }, 20_000);
});
