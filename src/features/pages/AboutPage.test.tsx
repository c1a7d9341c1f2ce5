import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach } from 'vitest';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders } from '../../testing/render';
import AboutPage from './AboutPage';
import ContactPage from './ContactPage';

afterEach(() => showEnglish());

describe('AboutPage', () => {
  it('shows one tab at a time; the arrow keys move between them', async () => {
    renderWithProviders(<AboutPage />);
    expect(screen.getByRole('tabpanel', { name: 'Who we are' })).toHaveTextContent('opened in Dokki in 2009');
    screen.getByRole('tab', { name: 'Who we are' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Our mission' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Our mission' })).toHaveTextContent('Listen first, then treat.');
  });

  it('speaks Arabic', async () => {
    await showArabic();
    renderWithProviders(<AboutPage />);
    expect(screen.getByRole('tablist', { name: 'عن عيادة النيل' })).toBeInTheDocument();
    screen.getByRole('tab', { name: 'من نحن' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel', { name: 'رسالتنا' })).toHaveTextContent('نستمع أولًا، ثم نعالج.');
    expect(screen.getByRole('heading', { name: 'زورونا' })).toBeInTheDocument();
  });
});

describe('ContactPage', () => {
  it('speaks Arabic', async () => {
    await showArabic();
    renderWithProviders(<ContactPage />);
    expect(screen.getByRole('heading', { name: 'أرسل لنا رسالة' })).toBeInTheDocument();
    expect(screen.getByLabelText('الموضوع')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'أرسل الرسالة' })).toBeInTheDocument();
    expect(screen.getByText('(على مدار ٢٤ ساعة)', { exact: false })).toHaveTextContent('+20 2 3761 4400 (على مدار ٢٤ ساعة)');
  });
});
