import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { showArabic, showEnglish } from '../../testing/language';
import { testUser } from '../../testing/handlers';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import BlogCreatePage from './BlogCreatePage';

const doctor = () => signedIn(testUser({ _id: '6078afb1fb33703fe4a1414b', name: 'Dr. Ahmed Hassan', roles: ['doctor'] }), 'doctor');

describe('BlogCreatePage in Arabic', { timeout: 20_000 }, () => {
  // The page loads its editor lazily; loading it once here keeps each test's wait short on a busy machine.
  beforeAll(() => import('./RichTextEditor'), 30_000);

  beforeEach(showArabic);
  afterEach(showEnglish);

  it('labels the form and the editor in Arabic and answers a bad link in Arabic', async () => {
    server.use(http.get('/api/blog/category', () => HttpResponse.json({ categories: [] })));
    renderWithProviders(<BlogCreatePage />, { preloadedState: doctor() });
    // The editor is downloaded after the page renders; until then its place says so.
    expect(screen.getByRole('status')).toHaveTextContent('جارٍ تحميل المحرّر…');
    expect(screen.getByRole('heading', { name: 'اكتب مقالًا جديدًا' })).toBeInTheDocument();
    expect(screen.getByLabelText('العنوان*')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'انشر' })).toBeInTheDocument();
    await screen.findByRole('toolbar', { name: 'التنسيق' });
    for (const name of ['عريض', 'مائل', 'عنوان', 'قائمة نقطية', 'قائمة مرقّمة'])
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    // The writing area is named by its label and takes the direction of what is written in it.
    const editor = screen.getByRole('textbox', { name: 'المحتوى*' });
    expect(editor).toHaveAttribute('dir', 'auto');
    await userEvent.click(editor);
    await userEvent.keyboard('المشي بعد الأكل');
    expect(editor).toHaveTextContent('المشي بعد الأكل');
    await userEvent.click(screen.getByRole('button', { name: 'رابط' }));
    const address = await screen.findByLabelText('عنوان الرابط');
    await userEvent.clear(address);
    await userEvent.type(address, 'javascript:alert(1){Enter}');
    await waitFor(() => expect(screen.getByText('أدخل عنوانًا كاملًا يبدأ بـ https:// (أو mailto:)')).toBeInTheDocument());
  });
});
