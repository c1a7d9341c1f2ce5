import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signedIn } from '../../testing/render';
import { testUser } from '../../testing/handlers';
import { server } from '../../testing/server';
import AccountBanner from './AccountBanner';

const withSecurity = (security: Record<string, boolean>, role: 'patient' | 'doctor' = 'patient') => {
  const state = signedIn(testUser(), role);
  return {
    ...state,
    session: { ...state.session!, security: { emailVerified: true, twoFactor: false, twoFactorRequired: false, verifiedEmailRequired: false, ...security } },
  };
};

describe('AccountBanner', () => {
  it('asks an unverified account to verify and sends the link again', async () => {
    server.use(http.post('/api/auth/email/resend', () => HttpResponse.json({ message: 'We sent a new link to sara@example.test' })));
    renderWithProviders(<AccountBanner />, { preloadedState: withSecurity({ emailVerified: false, verifiedEmailRequired: true }) });
    const region = screen.getByRole('region', { name: 'Email verification' });
    expect(region).toHaveTextContent('booking, buying and chatting wait for it');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We sent a new link to sara@example.test')).toBeInTheDocument();
  });

  it('sends a role that must use two-factor sign-in to the security settings', () => {
    renderWithProviders(<AccountBanner />, { preloadedState: withSecurity({ twoFactorRequired: true }, 'doctor') });
    expect(screen.getByRole('link', { name: 'Turn on two-factor sign-in' })).toHaveAttribute('href', '/settings/security');
  });

  it('shows nothing for a verified account', () => {
    const { container } = renderWithProviders(<AccountBanner />, { preloadedState: withSecurity({}) });
    expect(container).toBeEmptyDOMElement();
  });
});
