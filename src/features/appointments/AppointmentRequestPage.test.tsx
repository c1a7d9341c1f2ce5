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
  it('pre-fills and locks department, doctor, name and email, and confirms after 1 s without a request', async () => {
    const calls: string[] = [];
    server.use(
      http.get('/api/doctors', ({ request }) => {
        calls.push(request.url);
        return HttpResponse.json({ doctor: [{ _id: 'a1', name: 'Dr. Ahmed Hassan' }, { _id: 'a2', name: 'Dr. Laila Mansour' }] });
      }),
    );
    renderWithProviders(<AppointmentRequestPage />, {
      route: '/appointment/request/Dr.%20Ahmed%20Hassan/Cardiology',
      path,
      preloadedState: signedIn(testUser()),
    });
    expect(screen.getByLabelText('Department *')).toHaveValue('Cardiology');
    expect(screen.getByLabelText('Department *')).toBeDisabled();
    expect(screen.getByLabelText('Doctor *')).toHaveValue('Dr. Ahmed Hassan');
    expect(screen.getByLabelText('Doctor *')).toBeDisabled();
    expect(screen.getByLabelText('Name *')).toHaveValue('Sara Ali');
    expect(screen.getByLabelText('Name *')).toBeDisabled();
    expect(screen.getByLabelText('Email *')).toHaveValue('patient@clinic.test');

    expect(await within(screen.getByLabelText('Doctor *')).findByRole('option', { name: 'Dr. Laila Mansour' })).toBeInTheDocument();
    const before = calls.length;
    expect(before).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Request Appointment' }));
    expect(screen.queryByText('Appointment requested successfully')).not.toBeInTheDocument();
    expect(await screen.findByText('Appointment requested successfully', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.length).toBe(before);
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
