import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { ICountry, IState } from 'country-state-city';

/** A country or one of its states (a "government"): ISO code and full English name. */
export interface Place {
  code: string;
  name: string;
}

/** A ready answer: the JSON text once serialized and its validator, so repeated reads cost nothing. */
export interface CachedList {
  places: Place[];
  etag: string;
}

/**
 * The package's country and state tables, read on first use. Its index also parses an 8 MB city
 * table the portal never uses, which cost every server start about half a second of CPU.
 */
const require = createRequire(import.meta.url);
const countryTable = () => (require('country-state-city/lib/cjs/country.js') as { default: { getAllCountries(): ICountry[] } }).default;
const stateTable = () => require('country-state-city/lib/cjs/state.js') as { getStatesOfCountry(code: string): IState[] };

// The portal does not offer Israel as a country (the specification's rule: "The country list excludes IL").
const excludedCountries = new Set(['IL']);

const entityTag = (places: Place[]) => `"${createHash('sha256').update(JSON.stringify(places)).digest('base64url').slice(0, 27)}"`;
const cached = (places: Place[]): CachedList => ({ places, etag: entityTag(places) });

/**
 * The country and government lists the sign-up, profile and checkout forms offer, read from
 * country-state-city in the package's order (countries by name). The data only changes with the
 * package, so each list is computed on first use and kept for the life of the process.
 */
export function createGeoService() {
  let countries: CachedList | undefined;
  const statesByCountry = new Map<string, CachedList>();

  const allCountries = () => {
    countries ??= cached(
      countryTable()
        .getAllCountries()
        .filter((c) => !excludedCountries.has(c.isoCode))
        .map((c) => ({ code: c.isoCode, name: c.name })),
    );
    return countries;
  };

  return {
    countries: allCountries,
    /** The states of an offered country, or undefined when the code names no offered country. */
    statesOf(code: string): CachedList | undefined {
      const isoCode = code.toUpperCase();
      if (!allCountries().places.some((c) => c.code === isoCode)) return undefined;
      let states = statesByCountry.get(isoCode);
      if (!states) {
        states = cached(
          stateTable()
            .getStatesOfCountry(isoCode)
            .map((s) => ({ code: s.isoCode, name: s.name })),
        );
        statesByCountry.set(isoCode, states);
      }
      return states;
    },
  };
}

/** One service per process: the lists are the same for every app instance. */
export const geoService = createGeoService();
