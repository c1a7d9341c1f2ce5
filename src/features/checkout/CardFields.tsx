import { useId } from 'react';
import { useTranslation } from '../../i18n';
import type { CardForm } from './placeOrder';
import { Field } from '../../ui/Field';

const months = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** Groups of four digits as the number is typed (up to 19 digits). */
export const formatCardNumber = (text: string) =>
  text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

interface Props {
  card: CardForm;
  holder: string;
  onHolder: (value: string) => void;
  onChange: (changes: Partial<CardForm>) => void;
}

/** Card holder, number, expiry (months 1–12, this year to nine years on), CVC and currency. */
export function CardFields({ card, holder, onHolder, onChange }: Props) {
  const id = useId();
  const { t } = useTranslation('checkout');
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 10 }, (_, i) => thisYear + i);
  return (
    <fieldset>
      <legend className="h5">{t('card.title')}</legend>
      <Field id={`${id}-holder`} className="mb-3" label={t('card.holder')}>
        <input id={`${id}-holder`} className="form-control" autoComplete="cc-name" value={holder} onChange={(e) => onHolder(e.target.value)} />
      </Field>
      <Field id={`${id}-number`} className="mb-3" label={t('card.number')}>
        <input
          id={`${id}-number`}
          className="form-control"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          dir="ltr"
          value={card.number}
          onChange={(e) => onChange({ number: formatCardNumber(e.target.value) })}
        />
      </Field>
      <div className="row g-3 mb-3">
        <Field id={`${id}-month`} className="col-4" label={t('card.month')}>
          <select
            id={`${id}-month`}
            className="form-select"
            autoComplete="cc-exp-month"
            value={card.exp_month}
            onChange={(e) => onChange({ exp_month: e.target.value })}
          >
            <option value="">{t('card.mm')}</option>
            {months.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-year`} className="col-4" label={t('card.year')}>
          <select
            id={`${id}-year`}
            className="form-select"
            autoComplete="cc-exp-year"
            value={card.exp_year}
            onChange={(e) => onChange({ exp_year: e.target.value })}
          >
            <option value="">{t('card.yy')}</option>
            {years.map((y) => (
              <option key={y} value={String(y % 100).padStart(2, '0')}>
                {y}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-cvc`} className="col-4" label={t('card.cvc')}>
          <input
            id={`${id}-cvc`}
            className="form-control"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={card.cvc}
            onChange={(e) => onChange({ cvc: e.target.value.replace(/\D/g, '').slice(0, 4) })}
          />
        </Field>
      </div>
      <Field id={`${id}-currency`} className="mb-3" label={t('card.currency')}>
        <select id={`${id}-currency`} className="form-select" value={card.currency} onChange={(e) => onChange({ currency: e.target.value })}>
          <option value="usd">usd</option>
        </select>
      </Field>
    </fieldset>
  );
}
