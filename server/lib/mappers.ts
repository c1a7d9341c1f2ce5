/** Small conversions shared by every repository: the database keeps flags as 0/1 and money in cents. */
export const fromFlag = (value: number | boolean | null | undefined): boolean => value === 1 || value === true;
export const centsToAmount = (cents: number): number => Math.round(Number(cents)) / 100;
export const amountToCents = (amount: number): number => Math.round(amount * 100);
/** PostgreSQL returns COUNT and SUM as strings. */
export const toNumber = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
