import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { testUser } from '../../testing/handlers';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import AppointmentRequestPage from './AppointmentRequestPage';

// Popups and dialogs load lazily; give them time when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

const path = '/appointment/request/:doctorName?/:specialization?';

describe('AppointmentRequestPage', { timeout: 20_000 }, () => {
  it('pre-fills and locks department, doctor, name and email, and confirms only after the server stored the request', async () => {
    const calls: string[] = [];
    const sent: Record<string, string>[] = [];
    server.use(
      http.get('/api/doctors', ({ request }) => {
        calls.push(request.url);
        return HttpResponse.json({
          doctor: [
            { _id: 'a1', name: 'Dr. Ahmed Hassan' },
            { _id: 'a2', name: 'Dr. Laila Mansour' },
          ],
        });
      }),
      http.post('/api/appointment/requests', async ({ request }) => {
        sent.push(Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, String(v)])));
        return HttpResponse.json({ message: 'Appointment requested successfully', request: {} });
      }),
    );
    renderWithProviders(<AppointmentRequestPage />, {
      route: '/appointment/request/Dr.%20Ahmed%20Hassan/Cardiology',
      path,
      preloadedState: signedIn(testUser()),
    });
    expect(screen.getByLabelText('Department *')).toHaveValue('Cardiology');
    expect(screen.getByLabelText('Department *')).toBeDisabled();
    // The old address's "Dr." is not part of his stored name; the option shows the title once.
    expect(screen.getByLabelText('Doctor *')).toHaveValue('Ahmed Hassan');
    expect(screen.getByLabelText('Doctor *')).toHaveDisplayValue('Dr. Ahmed Hassan');
    expect(screen.getByLabelText('Doctor *')).toBeDisabled();
    expect(screen.getByLabelText('Name *')).toHaveValue('Sara Ali');
    expect(screen.getByLabelText('Name *')).toBeDisabled();
    expect(screen.getByLabelText('Email *')).toHaveValue('patient@clinic.test');

    expect(await within(screen.getByLabelText('Doctor *')).findByRole('option', { name: 'Dr. Laila Mansour' })).toBeInTheDocument();
    expect(calls.length).toBe(1);
    await userEvent.type(screen.getByLabelText('Phone *'), '01001234567');
    await userEvent.type(screen.getByLabelText('Date *'), '2030-01-15');
    await userEvent.type(screen.getByLabelText('Reason for the visit'), 'Palpitations');
    await userEvent.click(screen.getByRole('button', { name: 'Request Appointment' }));
    expect(screen.queryByText('Appointment requested successfully')).not.toBeInTheDocument();
    expect(await screen.findByText('Appointment requested successfully', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({
        name: 'Sara Ali',
        email: 'patient@clinic.test',
        doctor: 'Ahmed Hassan',
        department: 'Cardiology',
        date: '2030-01-15',
        reason: 'Palpitations',
      }),
    ]);
  });

  it("shows the server's refusal instead of a success", async () => {
    server.use(http.post('/api/appointment/requests', () => HttpResponse.json({ message: 'Please enter your name' }, { status: 400 })));
    renderWithProviders(<AppointmentRequestPage />, { route: '/appointment/request', path });
    await userEvent.click(screen.getByRole('button', { name: 'Request Appointment' }));
    expect(await screen.findByText('Please enter your name', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Appointment requested successfully')).not.toBeInTheDocument();
  });

  it('leaves everything editable for a guest without route values, listing the chosen department’s doctors', async () => {
    server.use(http.get('/api/doctors', () => HttpResponse.json({ doctor: [{ _id: 'e1', name: 'Dr. Rania Helmy' }] })));
    renderWithProviders(<AppointmentRequestPage />, { route: '/appointment/request', path });
    const department = screen.getByLabelText('Department *');
    expect(department).toBeEnabled();
    expect(screen.getByLabelText('Name *')).toBeEnabled();
    await userEvent.selectOptions(department, 'Eye');
    const doctor = screen.getByLabelText('Doctor *');
    expect(await within(doctor).findByRole('option', { name: 'Dr. Rania Helmy' })).toBeInTheDocument();
    expect(doctor).toBeEnabled();
  });
});
