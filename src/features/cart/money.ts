/** Cart and checkout prices: a dollar sign and two decimals. */
export const dollarsOf = (amount: number) => `$${Number(amount).toFixed(2)}`;
