import { useEffect, useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { fetchCountries, fetchStates, selectCountries, selectStatesOf, type PlaceList } from './geoSlice';
import { countryOptions, governmentOptions } from './placeNames';

interface Props {
  country: string;
  government: string;
  /** Called with the new values; choosing a country always resets the government. */
  onChange: (values: { country: string; government: string }) => void;
  required?: boolean;
}

/** Under a select: "Loading…" while its list is on its way, or the failure with a way to ask again. */
function ListState({ list, loading, onRetry }: { list: PlaceList; loading: string; onRetry: () => void }) {
  const { t } = useTranslation();
  if (list.status === 'loading') {
    return (
      <Form.Text role="status" className="d-block">
        {loading}
      </Form.Text>
    );
  }
  if (list.status !== 'failed') return null;
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2 py-2 mt-2 mb-0" role="alert">
      <span>{list.error}</span>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onRetry}>
        {t('place.retry')}
      </button>
    </div>
  );
}

/**
 * Country and government (region) selects. Values are full English names (labels in the page's
 * language, `placeNames.ts`); the government select
 * stays disabled until a country is chosen. The lists come from the server (GET /api/geo/...), so
 * the pages that show these fields do not download the country and region data with their code.
 */
export function CountryGovernmentFields({ country, government, onChange, required }: Props) {
  const id = useId();
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const countries = useAppSelector(selectCountries);
  const isoCode = countries.items.find((c) => c.name === country)?.code;
  const states = useAppSelector((state) => selectStatesOf(state, isoCode));

  useEffect(() => {
    void dispatch(fetchCountries());
  }, [dispatch]);
  // The governments follow the chosen country (and a profile's stored one, once the countries are known).
  useEffect(() => {
    if (isoCode) void dispatch(fetchStates(isoCode));
  }, [dispatch, isoCode]);

  const mark = required ? ' *' : '';
  // Until the list arrives, the stored country stays shown and selected instead of a blank select.
  const keepCountry = country && countries.status !== 'succeeded' && !countries.items.some((c) => c.name === country);
  return (
    <>
      <Form.Group className="mb-3" controlId={`${id}-country`}>
        <Form.Label>
          {t('place.country')}
          {mark}
        </Form.Label>
        <Form.Select value={country} aria-busy={countries.status === 'loading'} onChange={(e) => onChange({ country: e.target.value, government: '' })}>
          <option value="">{t('place.pickCountry')}</option>
          {countryOptions(countries.items).map(({ place, label }) => (
            <option key={place.code} value={place.name}>
              {label}
            </option>
          ))}
          {keepCountry && <option value={country}>{country}</option>}
        </Form.Select>
        <ListState list={countries} loading={t('place.loadingCountries')} onRetry={() => void dispatch(fetchCountries())} />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-government`}>
        <Form.Label>
          {t('place.government')}
          {mark}
        </Form.Label>
        <Form.Select
          value={government}
          disabled={!country}
          aria-busy={states.status === 'loading'}
          onChange={(e) => onChange({ country, government: e.target.value })}
        >
          <option value="">{country ? t('place.pickGovernment') : t('place.countryFirst')}</option>
          {governmentOptions(isoCode, states.items).map(({ place, label }) => (
            <option key={`${isoCode}-${place.code}`} value={place.name}>
              {label}
            </option>
          ))}
          {government && !states.items.some((s) => s.name === government) && <option value={government}>{government}</option>}
        </Form.Select>
        {isoCode && <ListState list={states} loading={t('place.loadingGovernments')} onRetry={() => void dispatch(fetchStates(isoCode))} />}
      </Form.Group>
    </>
  );
}
