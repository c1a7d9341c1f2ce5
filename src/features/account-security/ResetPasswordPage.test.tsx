import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach } from 'vitest';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders } from '../../testing/render';
import ResetPasswordPage from './ResetPasswordPage';

afterEach(() => showEnglish());

const fillIn = async (password: string, again: string) => {
  await userEvent.type(screen.getByLabelText(/^(New password|كلمة المرور الجديدة)/), password);
  await userEvent.type(screen.getByLabelText(/^(Repeat the new password|أعد كتابة كلمة المرور الجديدة)/), again);
};

describe('ResetPasswordPage', () => {
  it('refuses two different passwords before asking the server', async () => {
    renderWithProviders(<ResetPasswordPage />, { route: '/account/reset-password#token=abc' });
    await fillIn('new-secret-1', 'new-secret-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords are not the same');
  });

  it('speaks Arabic, its own check included', async () => {
    await showArabic();
    renderWithProviders(<ResetPasswordPage />, { route: '/account/reset-password#token=abc' });
    await fillIn('new-secret-1', 'new-secret-2');
    await userEvent.click(screen.getByRole('button', { name: 'احفظ كلمة المرور الجديدة' }));
    expect(screen.getByRole('alert')).toHaveTextContent('كلمتا المرور غير متطابقتين');
    expect(screen.getByRole('link', { name: 'اطلب رابطًا جديدًا' })).toHaveAttribute('href', '/account/forgot-password');
  });

  it('says in Arabic that the page needs the emailed link', async () => {
    await showArabic();
    renderWithProviders(<ResetPasswordPage />, { route: '/account/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('تحتاج هذه الصفحة إلى الرابط المرسل في البريد الإلكتروني.');
  });
});
