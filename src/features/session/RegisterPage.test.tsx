import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import RegisterPage from './RegisterPage';

// Typing a whole form takes a while on a busy machine: a test needs more than 5 s.
describe('RegisterPage', { timeout: 15_000 }, () => {
  it('registers a patient with the blood type code and country, then redirects to login', async () => {
    let sent: FormData | null = null;
    server.use(
      http.post('/api/patient/auth/signup', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ message: 'Account created' });
      }),
    );
    renderWithProviders(<RegisterPage kind="patient" />, { route: '/account/register', path: '/account/register' });
    expect(screen.getByRole('link', { name: 'Doctor' })).toHaveAttribute('href', '/account/doctor');
    expect(screen.getByRole('link', { name: 'Pharmacist' })).toHaveAttribute('href', '/account/pharmacist');
    await userEvent.type(screen.getByLabelText(/full name/i), 'Mona Adel');
    await userEvent.type(screen.getByLabelText(/username/i), 'mona.adel');
    await userEvent.type(screen.getByLabelText(/^email/i), 'mona@example.com');
    await userEvent.type(screen.getByLabelText(/^password/i), 'Secret#2026');
    await userEvent.selectOptions(screen.getByLabelText(/blood type/i), 'AB-');
    const government = screen.getByLabelText(/government/i);
    expect(government).toBeDisabled();
    // The countries come from the server (GET /api/geo/countries), the governments once a country is chosen.
    await screen.findByRole('option', { name: 'Egypt' });
    expect(screen.queryByRole('option', { name: 'Israel' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(/country/i), 'Egypt');
    expect(government).toBeEnabled();
    await userEvent.selectOptions(government, await screen.findByRole('option', { name: 'Cairo' }));
    await userEvent.click(screen.getByRole('button', { name: /create account/i }));
    const created = await screen.findByText('Account created successfully, you will be redirected in moments');
    await waitFor(() => expect(created).toHaveFocus());
    expect(sent!.get('blood_type')).toBe('-AB');
    expect(sent!.get('country')).toBe('Egypt');
    expect(sent!.get('government')).toBe('Cairo');
    expect(sent!.get('specialization')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('navigated-away')).toBeInTheDocument(), { timeout: 2000 });
  });

  it('resets the government when the country changes', async () => {
    renderWithProviders(<RegisterPage kind="pharmacist" />);
    const country = screen.getByLabelText(/country/i);
    await userEvent.selectOptions(country, await screen.findByRole('option', { name: 'Egypt' }));
    await userEvent.selectOptions(screen.getByLabelText(/government/i), await screen.findByRole('option', { name: 'Giza' }));
    await userEvent.selectOptions(country, 'Jordan');
    expect(screen.getByLabelText(/government/i)).toHaveValue('');
  });

  it("shows the server's message when a doctor's signup is refused", async () => {
    server.use(http.post('/api/doctor/auth/signup', () => HttpResponse.json({ message: 'This email is already registered' }, { status: 400 })));
    renderWithProviders(<RegisterPage kind="doctor" />);
    await userEvent.selectOptions(screen.getByLabelText(/specialization/i), 'Cardiology');
    await userEvent.click(screen.getByRole('button', { name: /create account/i }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This email is already registered');
    // The message sits above the form: focus moves to it, so it is read and in view.
    await waitFor(() => expect(alert).toHaveFocus());
  });
});
