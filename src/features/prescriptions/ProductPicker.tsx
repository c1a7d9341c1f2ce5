import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { searchCatalogue, type PickedProduct } from './prescriptionsSlice';
import './texts';
import { Field } from '../../ui/Field';

interface Props {
  /** Distinguishes the ids of several pickers on one form. */
  idPrefix: string;
  onPick: (product: PickedProduct) => void;
}

/** Searches the shop's catalogue by name and lets the doctor pick one product (keyboard: Enter searches). */
export function ProductPicker({ idPrefix, onPick }: Props) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('prescriptions');
  const [q, setQ] = useState('');
  const [results, setResults] = useState<PickedProduct[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async () => {
    if (!q.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      setResults(await dispatch(searchCatalogue(q.trim())).unwrap());
    } catch (message) {
      setError(String(message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Field id={`${idPrefix}-search`} className="mb-2" labelClassName="form-label small" label={t('picker.search')}>
      <div className="input-group input-group-sm">
        <input
          id={`${idPrefix}-search`}
          className="form-control"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void search();
            }
          }}
        />
        <button type="button" className="btn btn-outline-secondary" disabled={busy} onClick={() => void search()}>
          {t('picker.submit')}
        </button>
      </div>
      {error && (
        <p className="text-danger small mb-0" role="alert">
          {error}
        </p>
      )}
      {results && results.length === 0 && (
        <p className="text-muted small mb-0" role="status">
          {t('picker.none', { q })}
        </p>
      )}
      {results && results.length > 0 && (
        <ul className="list-unstyled mb-0 mt-1" aria-label={t('picker.results', { q })}>
          {results.map((p) => (
            <li key={p._id}>
              <button
                type="button"
                className="btn btn-link btn-sm p-0 text-start"
                onClick={() => {
                  onPick(p);
                  setResults(null);
                  setQ('');
                }}
              >
                {t('picker.choose', { name: p.name })}
                {p.pharmacy ? t('picker.pharmacy', { pharmacy: p.pharmacy }) : ''}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Field>
  );
}
