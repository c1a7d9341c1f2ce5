import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import VerifyEmailPage from './VerifyEmailPage';

describe('VerifyEmailPage', () => {
  it('sends the link once (even in strict mode) and shows the answer', async () => {
    const sent: string[] = [];
    server.use(
      http.post('/api/auth/email/verify', async ({ request }) => {
        sent.push(String((await request.formData()).get('token')));
        return HttpResponse.json({ message: 'Your email address is verified', email: 'x@example.test' });
      }),
    );
    renderWithProviders(
      <StrictMode>
        <VerifyEmailPage />
      </StrictMode>,
      { route: '/account/verify-email#token=abc123' },
    );
    expect(await screen.findByText('Your email address is verified')).toBeInTheDocument();
    expect(sent).toEqual(['abc123']);
  });

  it("shows the server's refusal for a used link", async () => {
    server.use(
      http.post('/api/auth/email/verify', () => HttpResponse.json({ message: 'This link is invalid, was already used or has expired.' }, { status: 400 })),
    );
    renderWithProviders(<VerifyEmailPage />, { route: '/account/verify-email#token=used' });
    expect(await screen.findByRole('alert')).toHaveTextContent('already used');
  });
});
