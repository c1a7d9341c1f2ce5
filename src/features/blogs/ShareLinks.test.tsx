import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isolate } from '../../../shared/bidi-isolate';
import { showArabic, showEnglish } from '../../testing/language';
import { ShareLinks } from './ShareLinks';

describe('ShareLinks', () => {
  afterEach(showEnglish);

  it('introduces the buttons with "Share:" and shares "Check: <title>", in English and in Arabic', async () => {
    const { unmount } = render(<ShareLinks title="Eat well" content="Vegetables every day." url="https://clinic.example/blogs/eat-well" />);
    expect(screen.getByText('Share:')).toBeInTheDocument();
    unmount();
    await showArabic();
    render(<ShareLinks title="Eat well" content="Vegetables every day." url="https://clinic.example/blogs/eat-well" />);
    expect(screen.getByText('شارك:')).toBeInTheDocument();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await userEvent.click(screen.getByRole('button', { name: 'شارك على واتساب' }));
    expect(decodeURIComponent(String(open.mock.calls[0][0]))).toContain(`اقرأ: ${isolate('Eat well')}`);
    open.mockRestore();
  });
});
