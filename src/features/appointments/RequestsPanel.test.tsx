import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { testUser } from '../../testing/handlers';
import { isolate } from '../../../shared/bidi-isolate';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import { ToastHost } from '../../ui/toast/ToastHost';
import AppointmentsTab from './AppointmentsTab';
import type { AppointmentRequest } from './types';

configure({ asyncUtilTimeout: 5000 });

const where = { route: '/settings/appointments', path: '/settings/:page' };

function request(overrides: Partial<AppointmentRequest> = {}): AppointmentRequest {
  return {
    _id: 'dd00000000000000000000e1',
    name: 'Sara Ali',
    email: 'patient@clinic.test',
    phone: '01001234567',
    hasAccount: true,
    doctor: { _id: 'aa00000000000000000000a1', name: 'Dr. Ahmed Hassan' },
    department: 'Cardiology',
    preferredDate: '2027-01-15',
    preferredTime: '11:00',
    reason: 'Palpitations',
    status: 'pending',
    declineReason: '',
    appointment: null,
    createdAt: '2026-11-25T00:00:00.000Z',
    ...overrides,
  };
}

describe('appointment requests in the appointments tab', { timeout: 20_000 }, () => {
  it('shows the patient her requests with their status and the reason of a refusal', async () => {
    server.use(
      http.get('/api/appointment', () => HttpResponse.json({ appointments: [] })),
      http.get('/api/appointment/requests', () =>
        HttpResponse.json({ requests: [request({ status: 'declined', declineReason: 'Away that week' }), request({ _id: 'dd00000000000000000000e2' })] }),
      ),
    );
    renderWithProviders(<AppointmentsTab />, { ...where, preloadedState: signedIn(testUser()) });
    const list = await screen.findByRole('region', { name: 'My appointment requests' });
    expect(await within(list).findByText('Declined')).toBeInTheDocument();
    expect(within(list).getByText('Reason: Away that week')).toBeInTheDocument();
    expect(within(list).getByText('Waiting for an answer')).toBeInTheDocument();
  });

  it('lets a doctor accept a request into a free slot the server offers', async () => {
    let sent: string | null = null;
    server.use(
      http.get('/api/appointment', () => HttpResponse.json({ appointments: [] })),
      http.get('/api/appointment/requests', () => HttpResponse.json({ requests: [request()] })),
      http.get('/api/appointment/requests/:id/slots', () =>
        HttpResponse.json({
          slots: [
            {
              _id: 'bb00000000000000000000c1',
              date: '2027-01-16T12:00:00.000Z',
              time: '10:00',
              startsAt: '',
              timeZone: 'Africa/Cairo',
              doctor: { _id: 'a', name: 'Dr. Ahmed Hassan' },
            },
          ],
        }),
      ),
      http.post('/api/appointment/requests/:id/accept', async ({ request: req }) => {
        sent = String((await req.formData()).get('appointment'));
        return HttpResponse.json({ message: 'Sara Ali has the appointment on 2027-01-16 at 10:00', request: request({ status: 'accepted' }) });
      }),
    );
    const doctor = testUser({ _id: 'aa00000000000000000000a1', name: 'Dr. Ahmed Hassan', roles: ['doctor'] });
    renderWithProviders(
      <>
        <AppointmentsTab />
        <ToastHost />
      </>,
      { ...where, preloadedState: signedIn(doctor, 'doctor') },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the request from Sara Ali' }));
    const dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByLabelText('Free slot');
    await within(select).findByRole('option', { name: /Sat, 16 Jan 2027 at 10:00 AM/ });
    await userEvent.selectOptions(select, 'bb00000000000000000000c1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reserve this slot' }));
    // The server's confirmation arrives as a toast (a status message), not a popup to dismiss.
    const confirmation = await screen.findByText('Sara Ali has the appointment on 2027-01-16 at 10:00');
    expect(confirmation.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toBe('bb00000000000000000000c1');
    expect(await screen.findByText('Accepted')).toBeInTheDocument();
  });

  it('shows a doctor the requests and the answer dialog in Arabic', async () => {
    server.use(
      http.get('/api/appointment', () => HttpResponse.json({ appointments: [] })),
      http.get('/api/appointment/requests', () => HttpResponse.json({ requests: [request({ hasAccount: false })] })),
      http.get('/api/appointment/requests/:id/slots', () => HttpResponse.json({ slots: [] })),
    );
    await showArabic();
    try {
      const doctor = testUser({ _id: 'aa00000000000000000000a1', name: 'Dr. Ahmed Hassan', roles: ['doctor'] });
      renderWithProviders(<AppointmentsTab />, { ...where, preloadedState: signedIn(doctor, 'doctor') });
      const panel = await screen.findByRole('region', { name: 'طلبات المواعيد' });
      expect(await within(panel).findByText('(زائر)')).toBeInTheDocument();
      await userEvent.click(within(panel).getByRole('button', { name: `رفض طلب ${isolate('Sara Ali')}` }));
      const dialog = await screen.findByRole('dialog', { name: `رفض طلب ${isolate('Sara Ali')}` });
      expect(within(dialog).getByLabelText('السبب الذي سيظهر للمريض')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'رفض الطلب' })).toBeInTheDocument();
    } finally {
      await showEnglish();
    }
  });
});
