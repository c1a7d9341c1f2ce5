/** Prices everywhere (cart, checkout, orders, fees): a dollar sign and two decimals. */
export const dollarsOf = (amount: number) => `$${Number(amount).toFixed(2)}`;
