import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signedIn } from '../../testing/render';
import { testUser } from '../../testing/handlers';
import { server } from '../../testing/server';
import { cartFixture } from '../shop/testing/fixtures';
import { closePopups } from '../shop/testing/popups';
import CheckoutPage from './CheckoutPage';

afterEach(() => closePopups());

const cart = cartFixture([
  { slug: 'a', name: 'Alpha', price: 2.5, quantity: 2 },
  { slug: 'b', name: 'Beta', price: 10, quantity: 1 },
]);

async function fillCard(number = '4242424242424242') {
  await userEvent.type(screen.getByLabelText('Card number *'), number);
  await userEvent.selectOptions(screen.getByLabelText('Expiry month *'), '08');
  const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  await userEvent.selectOptions(screen.getByLabelText('Expiry year *'), year);
  await userEvent.type(screen.getByLabelText('CVC *'), '123');
  await userEvent.type(screen.getByLabelText('Location *'), '12 Nile St');
  return year;
}

describe('CheckoutPage', () => {
  it('shows the summary, offers months 1–12 and ten years, and pays with the card fields and a key', async () => {
    const sent: { form: FormData; key: string | null }[] = [];
    server.use(
      http.get('/api/cart', () => HttpResponse.json({ cart: [cart] })),
      http.post('/api/checkout', async ({ request }) => {
        sent.push({ form: await request.formData(), key: request.headers.get('Idempotency-Key') });
        return HttpResponse.json({ message: 'Payed Successfully', payment: { orderNumber: 'CPABCD2345' }, orders: [] });
      }),
    );
    const { store } = renderWithProviders(<CheckoutPage />, { route: '/checkout', path: '/checkout', preloadedState: signedIn(testUser()) });
    const summary = await screen.findByRole('list', { name: 'Products to pay for' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Alpha × 2$5.00', 'Beta × 1$10.00']);
    expect(screen.getByText('$15.00')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Expiry month *')).getAllByRole('option')).toHaveLength(13);
    const years = within(screen.getByLabelText('Expiry year *')).getAllByRole('option').slice(1);
    expect(years.map((o) => o.textContent)).toEqual(Array.from({ length: 10 }, (_, i) => String(new Date().getFullYear() + i)));
    expect(
      within(screen.getByLabelText('Currency'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['usd']);

    const country = await screen.findByLabelText('Country', {}, { timeout: 5000 });
    expect(within(country).queryByRole('option', { name: 'Israel' })).not.toBeInTheDocument();
    // Country and government start from her profile.
    expect(country).toHaveValue('Egypt');
    expect(screen.getByLabelText('Government')).toHaveValue('Cairo');

    const year = await fillCard();
    expect(screen.getByLabelText('Card number *')).toHaveValue('4242 4242 4242 4242');
    await userEvent.click(screen.getByRole('button', { name: 'purchase now' }));
    expect(await screen.findByText('Payed Successfully')).toBeInTheDocument();
    // The confirmation names the order number (and links its page until the redirect).
    expect(await screen.findByText('Your order number is CPABCD2345.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(sent[0].form)).toEqual({
      number: '4242 4242 4242 4242',
      exp_month: '08',
      exp_year: year,
      cvc: '123',
      currency: 'usd',
      location: '12 Nile St',
      country: 'Egypt',
      government: 'Cairo',
      expectedTotal: '15',
    });
    expect(sent[0].key).toBeTruthy();
    expect(store.getState().cart.cart).toBeNull();
    await waitFor(() => expect(screen.getByTestId('navigated-away')).toBeInTheDocument(), { timeout: 3000 });
  }, 20_000);

  it('pre-fills the delivery address from the profile', async () => {
    server.use(http.get('/api/cart', () => HttpResponse.json({ cart: [cart] })));
    renderWithProviders(<CheckoutPage />, {
      route: '/checkout',
      path: '/checkout',
      preloadedState: signedIn(testUser({ address: '7 Garden St, Maadi', country: 'Egypt', government: 'Giza' })),
    });
    await screen.findByRole('list', { name: 'Products to pay for' });
    expect(screen.getByLabelText('Location *')).toHaveValue('7 Garden St, Maadi');
    expect(await screen.findByLabelText('Country', {}, { timeout: 5000 })).toHaveValue('Egypt');
    expect(screen.getByLabelText('Government')).toHaveValue('Giza');
  }, 20_000);

  it("shows the server's message on a decline and uses a new key for the next attempt", async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.get('/api/cart', () => HttpResponse.json({ cart: [cart] })),
      http.post('/api/checkout', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.json({ message: 'Your card was declined.' }, { status: 402 });
      }),
    );
    renderWithProviders(<CheckoutPage />, { route: '/checkout', path: '/checkout', preloadedState: signedIn(testUser()) });
    await screen.findByRole('list', { name: 'Products to pay for' });
    await fillCard('4000000000000002');
    await userEvent.click(screen.getByRole('button', { name: 'purchase now' }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    await closePopups();
    await waitFor(() => expect(screen.getByRole('button', { name: 'purchase now' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'purchase now' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).not.toBe(keys[1]);
  }, 15_000);

  it("falls back to 'An error occurred, try again later!' without a message", async () => {
    server.use(
      http.get('/api/cart', () => HttpResponse.json({ cart: [cart] })),
      http.post('/api/checkout', () => new HttpResponse('oops', { status: 500 })),
    );
    renderWithProviders(<CheckoutPage />, { route: '/checkout', path: '/checkout', preloadedState: signedIn(testUser()) });
    await screen.findByRole('list', { name: 'Products to pay for' });
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: 'purchase now' }));
    expect(await screen.findByText('An error occurred, try again later!')).toBeInTheDocument();
  }, 20_000);

  it('sends an empty cart to the shop', async () => {
    server.use(http.get('/api/cart', () => HttpResponse.json({ cart: [] })));
    renderWithProviders(<CheckoutPage />, { route: '/checkout', path: '/checkout', preloadedState: signedIn(testUser()) });
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });

  it('shows a changed total for confirmation and pays it only when the buyer confirms', async () => {
    const sent: { total: FormDataEntryValue | null; key: string | null }[] = [];
    server.use(
      http.get('/api/cart', () => HttpResponse.json({ cart: [cart] })),
      http.post('/api/checkout', async ({ request }) => {
        const form = await request.formData();
        sent.push({ total: form.get('expectedTotal'), key: request.headers.get('Idempotency-Key') });
        if (form.get('expectedTotal') !== '25') {
          return HttpResponse.json(
            { message: 'Prices in your cart changed since you saw them: the total is now $25.00 instead of $15.00. Please confirm the new total.', total: 25 },
            { status: 409 },
          );
        }
        return HttpResponse.json({ message: 'Payed Successfully', payment: null, orders: [] });
      }),
    );
    renderWithProviders(<CheckoutPage />, { route: '/checkout', path: '/checkout', preloadedState: signedIn(testUser()) });
    await screen.findByRole('list', { name: 'Products to pay for' });
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: 'purchase now' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('the total is now $25.00 instead of $15.00');
    expect(sent).toHaveLength(1);
    await userEvent.click(within(alert).getByRole('button', { name: 'Pay the new total $25.00' }));
    expect(await screen.findByText('Payed Successfully')).toBeInTheDocument();
    expect(sent.map((s) => s.total)).toEqual(['15', '25']);
    expect(sent[0].key).not.toBe(sent[1].key);
  }, 20_000);

  it('lists the safety conflicts and pays only after "I understand, continue", sending the acknowledgement', async () => {
    const sent: (FormDataEntryValue | null)[] = [];
    const conflicts = [
      {
        kind: 'allergy',
        product: 'Alpha',
        ingredient: 'amoxicillin',
        with: 'penicillin',
        message: 'Alpha contains amoxicillin, and an allergy to penicillin is recorded.',
      },
      {
        kind: 'duplicate',
        product: 'Beta',
        ingredient: 'ibuprofen',
        with: 'Brufen 400',
        message: 'Beta contains ibuprofen, which is already taken in Brufen 400 (duplicate therapy).',
      },
    ];
    server.use(
      http.get('/api/cart', () => HttpResponse.json({ cart: [cart] })),
      http.post('/api/checkout', async ({ request }) => {
        const form = await request.formData();
        sent.push(form.get('acknowledgeWarnings'));
        if (form.get('acknowledgeWarnings') !== 'true') {
          return HttpResponse.json(
            {
              message: `Safety warning: ${conflicts.map((c) => c.message).join(' ')} Acknowledge the warning to buy anyway.`,
              conflicts,
              needsAcknowledgement: true,
            },
            { status: 409 },
          );
        }
        return HttpResponse.json({ message: 'Payed Successfully', payment: { orderNumber: 'CPSAFE2345' }, orders: [] });
      }),
    );
    renderWithProviders(<CheckoutPage />, { route: '/checkout', path: '/checkout', preloadedState: signedIn(testUser()) });
    await screen.findByRole('list', { name: 'Products to pay for' });
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: 'purchase now' }));
    const warning = await screen.findByRole('alert', { name: 'Safety warning' });
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(conflicts.map((c) => c.message));
    expect(warning).toHaveFocus();
    expect(screen.queryByText('Payed Successfully')).not.toBeInTheDocument();
    await userEvent.click(within(warning).getByRole('button', { name: 'I understand, continue' }));
    expect(await screen.findByText('Payed Successfully')).toBeInTheDocument();
    expect(sent).toEqual([null, 'true']);
  }, 20_000);

  it('says a payment is being confirmed (202) without claiming success, and keeps the cart', async () => {
    server.use(
      http.get('/api/cart', () => HttpResponse.json({ cart: [cart] })),
      http.post('/api/checkout', () =>
        HttpResponse.json({ message: 'Your payment is being confirmed with the card provider.', payment: null, orders: [] }, { status: 202 }),
      ),
    );
    const { store } = renderWithProviders(<CheckoutPage />, { route: '/checkout', path: '/checkout', preloadedState: signedIn(testUser()) });
    await screen.findByRole('list', { name: 'Products to pay for' });
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: 'purchase now' }));
    expect(await screen.findByText('Your payment is being confirmed with the card provider.')).toBeInTheDocument();
    expect(screen.queryByText('Payed Successfully')).not.toBeInTheDocument();
    expect(store.getState().cart.cart).not.toBeNull();
  }, 20_000);
});
