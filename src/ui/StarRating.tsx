import { useState } from 'react';
import { useTranslation } from '../i18n';
import { formatNumber } from './clinicTime';

interface StarRatingProps {
  value: number;
  /** When given, the stars are buttons that submit a rating of 1 to 5. */
  onRate?: (rate: number) => void;
  label?: string;
}

/** Five stars: read-only for display, or keyboard-operable buttons when `onRate` is given. */
export function StarRating({ value, onRate, label: given }: StarRatingProps) {
  const { t } = useTranslation();
  const label = given ?? t('stars.label');
  const [hover, setHover] = useState(0);
  const shown = hover || Math.round(value);
  const stars = [1, 2, 3, 4, 5];
  if (!onRate) {
    return (
      <span
        className="star-rating"
        role="img"
        aria-label={t('stars.shown', { label, value: formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}
      >
        {stars.map((n) => (
          <span key={n} className={n <= shown ? 'star star--on' : 'star'} aria-hidden="true">
            ★
          </span>
        ))}
      </span>
    );
  }
  return (
    <span className="star-rating" role="group" aria-label={label} onMouseLeave={() => setHover(0)}>
      {stars.map((n) => (
        <button
          key={n}
          type="button"
          className={n <= shown ? 'star star--on star--button' : 'star star--button'}
          aria-label={t('stars.rate', { number: formatNumber(n) })}
          onMouseEnter={() => setHover(n)}
          onFocus={() => setHover(n)}
          onBlur={() => setHover(0)}
          onClick={() => onRate(n)}
        >
          ★
        </button>
      ))}
    </span>
  );
}
