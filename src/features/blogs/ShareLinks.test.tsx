import { render, screen } from '@testing-library/react';
import { showArabic, showEnglish } from '../../testing/language';
import { ShareLinks } from './ShareLinks';

describe('ShareLinks', () => {
  afterEach(showEnglish);

  it('introduces the buttons with "Share:" in English and in Arabic', async () => {
    const { unmount } = render(<ShareLinks title="Eat well" content="Vegetables every day." url="https://clinic.example/blogs/eat-well" />);
    expect(screen.getByText('Share:')).toBeInTheDocument();
    unmount();
    await showArabic();
    render(<ShareLinks title="Eat well" content="Vegetables every day." url="https://clinic.example/blogs/eat-well" />);
    expect(screen.getByText('شارك:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'شارك على واتساب' })).toBeInTheDocument();
  });
});
