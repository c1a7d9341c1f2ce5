import { Country, State } from 'country-state-city';
import { useId, useMemo } from 'react';
import Form from 'react-bootstrap/Form';

// The portal does not offer Israel as a country (product rule).
const excludedCountries = new Set(['IL']);
const countries = Country.getAllCountries().filter((c) => !excludedCountries.has(c.isoCode));

interface Props {
  country: string;
  government: string;
  /** Called with the new values; choosing a country always resets the government. */
  onChange: (values: { country: string; government: string }) => void;
  required?: boolean;
}

/**
 * Country and government (region) selects. Values are full English names; the government select
 * stays disabled until a country is chosen. Lives in its own module so country-state-city is only
 * downloaded by the pages that render it.
 */
export default function CountryGovernmentFields({ country, government, onChange, required }: Props) {
  const id = useId();
  const isoCode = countries.find((c) => c.name === country)?.isoCode;
  const states = useMemo(() => (isoCode ? State.getStatesOfCountry(isoCode) : []), [isoCode]);
  const mark = required ? ' *' : '';
  return (
    <>
      <Form.Group className="mb-3" controlId={`${id}-country`}>
        <Form.Label>Country{mark}</Form.Label>
        <Form.Select value={country} onChange={(e) => onChange({ country: e.target.value, government: '' })}>
          <option value="">Select a country</option>
          {countries.map((c) => (
            <option key={c.isoCode} value={c.name}>
              {c.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-government`}>
        <Form.Label>Government{mark}</Form.Label>
        <Form.Select value={government} disabled={!country} onChange={(e) => onChange({ country, government: e.target.value })}>
          <option value="">{country ? 'Select a government' : 'Choose a country first'}</option>
          {states.map((s) => (
            <option key={`${s.countryCode}-${s.isoCode}`} value={s.name}>
              {s.name}
            </option>
          ))}
          {government && !states.some((s) => s.name === government) && <option value={government}>{government}</option>}
        </Form.Select>
      </Form.Group>
    </>
  );
}
