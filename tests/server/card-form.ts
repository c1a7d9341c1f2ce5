/**
 * The card fields as the checkout form sends them (a number with spaces, a two-digit year two years
 * ahead). Kept apart from the server's other helpers so the journeys can pay with it too without
 * loading the server.
 */
export function cardForm(overrides: Record<string, string> = {}) {
  const year = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');
  return {
    number: '4242 4242 4242 4242',
    exp_month: '08',
    exp_year: year,
    cvc: '123',
    currency: 'usd',
    location: '12 Nile St, Zamalek',
    country: 'Egypt',
    government: 'Cairo',
    ...overrides,
  };
}
