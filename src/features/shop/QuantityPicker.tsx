import { useId } from 'react';
import { useTranslation } from '../../i18n';

interface Props {
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  label: string;
  disabled?: boolean;
}

/** − n + with the value kept between min and max. */
export function QuantityPicker({ value, min, max, onChange, label, disabled }: Props) {
  const { t } = useTranslation('shop');
  const id = useId();
  const clamp = (n: number) => Math.min(Math.max(Number.isFinite(n) ? Math.round(n) : min, min), Math.max(min, max));
  return (
    <div className="input-group quantity-picker">
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-label={t('product.decrease', { label })}
        disabled={disabled || value <= min}
        onClick={() => onChange(clamp(value - 1))}
      >
        −
      </button>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        className="form-control"
        min={min}
        max={max}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(clamp(Number(e.target.value)))}
      />
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-label={t('product.increase', { label })}
        disabled={disabled || value >= max}
        onClick={() => onChange(clamp(value + 1))}
      >
        +
      </button>
    </div>
  );
}
