import { useState } from 'react';

interface StarRatingProps {
  value: number;
  /** When given, the stars are buttons that submit a rating of 1 to 5. */
  onRate?: (rate: number) => void;
  label?: string;
}

/** Five stars: read-only for display, or keyboard-operable buttons when `onRate` is given. */
export function StarRating({ value, onRate, label = 'Rating' }: StarRatingProps) {
  const [hover, setHover] = useState(0);
  const shown = hover || Math.round(value);
  const stars = [1, 2, 3, 4, 5];
  if (!onRate) {
    return (
      <span className="star-rating" role="img" aria-label={`${label}: ${value.toFixed(1)} out of 5`}>
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
          aria-label={`Rate ${n} out of 5`}
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
