/** Prices everywhere (cart, checkout, orders, fees): a dollar sign and two decimals. */
export const dollarsOf = (amount: number) => `$${Number(amount).toFixed(2)}`;

/** A bound a price filter is set to: whole dollars without cents ("$500"), else as prices are ("$2.50"). */
export const shortDollarsOf = (amount: number) => (Number.isInteger(Number(amount)) ? `$${Number(amount)}` : dollarsOf(amount));

/** An order's or payment's currency as people write it ("usd" is stored, "USD" is shown). */
export const currencyCode = (currency: string) => currency.toUpperCase();

/** An amount with the currency it was paid in: "$7.00 USD". */
export const dollarsIn = (amount: number, currency: string) => `${dollarsOf(amount)} ${currencyCode(currency)}`;
