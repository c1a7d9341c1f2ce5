import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showArabic, showEnglish } from '../testing/language';
import { FilePicker } from './FilePicker';

function Field({ multiple, onFiles }: { multiple?: boolean; onFiles: (files: File[]) => void }) {
  return (
    <>
      <label htmlFor="photo">Photo</label>
      <FilePicker id="photo" accept="image/png" multiple={multiple} onFiles={onFiles} />
    </>
  );
}

const png = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('FilePicker', () => {
  it('is the field label’s input, and shows the chosen file in English', async () => {
    const onFiles = vi.fn();
    render(<Field onFiles={onFiles} />);
    const input = screen.getByLabelText('Photo');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleName('Photo');
    expect(screen.getByText('Choose a file')).toHaveAttribute('aria-hidden', 'true');
    expect(input).toHaveAccessibleDescription('No file chosen');

    await userEvent.upload(input, png('scan.png'));
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'scan.png' })]);
    expect(screen.getByText('scan.png').tagName).toBe('BDI');
    expect(input).toHaveAccessibleDescription('scan.png');
  });

  it('takes several files when multiple', async () => {
    const onFiles = vi.fn();
    render(<Field multiple onFiles={onFiles} />);
    expect(screen.getByText('Choose files')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Photo'), [png('a.png'), png('b.png')]);
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'a.png' }), expect.objectContaining({ name: 'b.png' })]);
    expect(screen.getByText('a.png')).toBeInTheDocument();
    expect(screen.getByText('b.png')).toBeInTheDocument();
  });

  it('opens the picker from its visible button', async () => {
    render(<Field onFiles={() => undefined} />);
    const input = screen.getByLabelText<HTMLInputElement>('Photo');
    const click = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    await userEvent.click(screen.getByText('Choose a file'));
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('is the only tab stop', async () => {
    render(<Field onFiles={() => undefined} />);
    await userEvent.tab();
    expect(screen.getByLabelText('Photo')).toHaveFocus();
    await userEvent.tab();
    expect(document.body).toHaveFocus();
  });

  describe('in Arabic', () => {
    beforeEach(showArabic);
    afterEach(showEnglish);

    it('reads its texts in Arabic and shows the chosen file', async () => {
      const onFiles = vi.fn();
      const { rerender } = render(<Field onFiles={onFiles} />);
      expect(screen.getByText('اختر ملفًا')).toBeInTheDocument();
      expect(screen.getByText('لم يُختر أي ملف')).toBeInTheDocument();
      const input = screen.getByLabelText('Photo');
      await userEvent.upload(input, png('أشعة.png'));
      expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'أشعة.png' })]);
      expect(screen.getByText('أشعة.png').tagName).toBe('BDI');
      rerender(<Field multiple onFiles={onFiles} />);
      expect(screen.getByText('اختر ملفات')).toBeInTheDocument();
    });
  });
});
