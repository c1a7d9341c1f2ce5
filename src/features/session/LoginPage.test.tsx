import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signedIn } from '../../testing/render';
import { testUser } from '../../testing/handlers';
import { server } from '../../testing/server';
import { setReady } from '../../app/appSlice';
import LoginPage from './LoginPage';
import { checkSession } from './sessionSlice';

// A well-formed token whose payload is {"_id":"6078afb1fb33703fe4a1414a","exp":9999999999}.
const token = `e30.${btoa(JSON.stringify({ _id: '6078afb1fb33703fe4a1414a', exp: 9999999999 })).replace(/=+$/, '')}.sig`;

describe('LoginPage', () => {
  it('logs in with Enter, stores the session and goes home after half a second', async () => {
    let sent: FormData | null = null;
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ user: testUser({ tokens: [{ token }] }), role: 'patient' });
      }),
    );
    const { store } = renderWithProviders(<LoginPage />, { route: '/account/login', path: '/account/login' });
    await userEvent.type(screen.getByLabelText(/email/i), 'patient@clinic.test');
    await userEvent.type(screen.getByLabelText(/password/i), 'Patient#2026{Enter}');
    await waitFor(() => expect(localStorage.getItem('access-token')).toBe(token));
    expect(sent!.get('email')).toBe('patient@clinic.test');
    expect(localStorage.getItem('role')).toBe('patient');
    expect(JSON.parse(localStorage.getItem('user')!).name).toBe('Sara Ali');
    expect(localStorage.getItem('m_ph_uu')).toBe('6078afb1fb33703fe4a1414a');
    expect(store.getState().session.role).toBe('patient');
    expect(screen.queryByTestId('navigated-away')).not.toBeInTheDocument();
    expect(await screen.findByTestId('navigated-away', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it("shows the server's message in a red alert when the login is refused", async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ message: 'Invalid email or password' }, { status: 400 })));
    renderWithProviders(<LoginPage />, { route: '/account/login', path: '/account/login' });
    await userEvent.type(screen.getByLabelText(/email/i), 'x@clinic.test');
    await userEvent.type(screen.getByLabelText(/password/i), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    expect(alert).toHaveClass('alert-danger');
    expect(localStorage.getItem('access-token')).toBeNull();
  });

  it('sends a visitor who is already logged in home once the startup check confirmed her session', () => {
    renderWithProviders(<LoginPage />, {
      route: '/account/login',
      path: '/account/login',
      preloadedState: { ...signedIn(testUser()), app: { error: null, ready: true } },
    });
    expect(screen.getByTestId('navigated-away')).toBeInTheDocument();
  });

  it('shows the form to a visitor whose stored session the startup check found revoked', async () => {
    localStorage.setItem('access-token', token);
    server.use(http.get('/api/auth/user', () => HttpResponse.json({ message: 'Please log in again' }, { status: 401 })));
    const { store } = renderWithProviders(<LoginPage />, {
      route: '/account/login',
      path: '/account/login',
      preloadedState: signedIn(testUser({ tokens: [{ token }] })),
    });
    // Not sent away while the check runs.
    expect(screen.queryByTestId('navigated-away')).not.toBeInTheDocument();
    await store.dispatch(checkSession()).finally(() => store.dispatch(setReady()));
    expect(await screen.findByLabelText(/password/i)).toBeInTheDocument();
    expect(screen.queryByTestId('navigated-away')).not.toBeInTheDocument();
  });

  it('asks for the code when two-factor sign-in is on, then signs in with it', async () => {
    let codeForm: FormData | null = null;
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ message: 'Enter the code', twoFactorRequired: true, challenge: 'the-challenge' })),
      http.post('/api/auth/login/two-factor', async ({ request }) => {
        codeForm = await request.formData();
        return HttpResponse.json({
          user: testUser({ tokens: [{ token }] }),
          role: 'patient',
          token,
          security: { emailVerified: true, twoFactor: true, twoFactorRequired: false, verifiedEmailRequired: false },
        });
      }),
    );
    const { store } = renderWithProviders(<LoginPage />, { route: '/account/login', path: '/account/login' });
    await userEvent.type(screen.getByLabelText(/email/i), 'patient@clinic.test');
    await userEvent.type(screen.getByLabelText(/password/i), 'Patient#2026{Enter}');
    const code = await screen.findByLabelText(/Authentication code/);
    expect(localStorage.getItem('access-token')).toBeNull();
    await userEvent.type(code, '123456{Enter}');
    await waitFor(() => expect(localStorage.getItem('access-token')).toBe(token));
    expect(codeForm!.get('challenge')).toBe('the-challenge');
    expect(codeForm!.get('code')).toBe('123456');
    expect(store.getState().session.security?.twoFactor).toBe(true);
  });

  it('offers "Forgot password?"', () => {
    renderWithProviders(<LoginPage />, { route: '/account/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/account/forgot-password');
  });
});

describe('LoginPage after an interrupted action', () => {
  it('returns a guest to the page that sent her to log in (such as the checkout she started)', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ user: testUser({ tokens: [{ token }] }), role: 'patient' })));
    renderWithProviders(<LoginPage />, { route: '/account/login', path: '/account/login', routeState: { returnTo: '/checkout' } });
    await userEvent.type(screen.getByLabelText(/email/i), 'patient@clinic.test');
    await userEvent.type(screen.getByLabelText(/password/i), 'Patient#2026{Enter}');
    expect(await screen.findByTestId('navigated-away', {}, { timeout: 2000 })).toHaveAttribute('data-path', '/checkout');
  });

  it('goes home when the address to return to is outside the portal', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ user: testUser({ tokens: [{ token }] }), role: 'patient' })));
    renderWithProviders(<LoginPage />, { route: '/account/login', path: '/account/login', routeState: { returnTo: '//evil.example/' } });
    await userEvent.type(screen.getByLabelText(/email/i), 'patient@clinic.test');
    await userEvent.type(screen.getByLabelText(/password/i), 'Patient#2026{Enter}');
    expect(await screen.findByTestId('navigated-away', {}, { timeout: 2000 })).toHaveAttribute('data-path', '/');
  });
});
