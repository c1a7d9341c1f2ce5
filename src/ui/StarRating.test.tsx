import { render, screen } from '@testing-library/react';
import { showArabic, showEnglish } from '../testing/language';
import { StarRating } from './StarRating';

describe('StarRating', () => {
  it('reads the rating and the star buttons in English', () => {
    const { rerender } = render(<StarRating value={4.5} />);
    expect(screen.getByRole('img', { name: 'Rating: 4.5 out of 5' })).toBeInTheDocument();
    rerender(<StarRating value={0} onRate={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Rate 4 out of 5' })).toBeInTheDocument();
  });

  describe('in Arabic', () => {
    beforeEach(showArabic);
    afterEach(showEnglish);

    it('reads the rating and the star buttons in Arabic, with Arabic digits', () => {
      const { rerender } = render(<StarRating value={4.5} />);
      expect(screen.getByRole('img', { name: 'التقييم: ٤٫٥ من ٥' })).toBeInTheDocument();
      rerender(<StarRating value={0} onRate={() => undefined} />);
      expect(screen.getByRole('button', { name: 'قيّم بـ٤ من ٥' })).toBeInTheDocument();
    });
  });
});
