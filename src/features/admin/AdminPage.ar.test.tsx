import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import AdminPage from './AdminPage';
import { admin, applicant } from './testing/fixtures';

describe('AdminPage in Arabic', () => {
  beforeEach(showArabic);
  afterEach(showEnglish);

  it('names the tabs, the filter and the empty list in Arabic', async () => {
    server.use(http.get('/api/admin/professionals', () => HttpResponse.json({ professionals: [] })));
    renderWithProviders(<AdminPage />, { route: '/admin/applications', path: '/admin/*', preloadedState: signedIn(admin, 'admin') });
    expect(await screen.findByText('لا توجد طلبات قيد المراجعة.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'لوحة الإدارة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'سجلّ الإجراءات' })).toBeInTheDocument();
    expect(screen.getByLabelText('اعرض الطلبات التي حالتها')).toHaveDisplayValue('قيد المراجعة');
  });

  it("names an applicant doctor's department in Arabic", async () => {
    server.use(http.get('/api/admin/professionals', () => HttpResponse.json({ professionals: [applicant] })));
    renderWithProviders(<AdminPage />, { route: '/admin/applications', path: '/admin/*', preloadedState: signedIn(admin, 'admin') });
    expect(await screen.findByText('المخ والأعصاب')).toBeInTheDocument();
  });
});
