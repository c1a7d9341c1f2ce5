/** The country and government lists the address forms offer, loaded from the server. */
export { CountryGovernmentFields } from './CountryGovernmentFields';
export type { Place } from './types';
