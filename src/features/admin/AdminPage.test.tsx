import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { testUser } from '../../testing/handlers';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import AdminPage from './AdminPage';
import { admin, applicant } from './testing/fixtures';

describe('AdminPage', () => {
  it('is only for administrators', async () => {
    renderWithProviders(<AdminPage />, { route: '/admin', path: '/admin/*', preloadedState: signedIn(testUser(), 'patient') });
    expect(await screen.findByText("The admin console is for the clinic's administrators.")).toBeInTheDocument();
  });

  it('approves an application and shows the server’s confirmation only after it answered', async () => {
    let approved = false;
    server.use(
      http.get('/api/admin/professionals', () => HttpResponse.json({ professionals: approved ? [] : [applicant] })),
      http.post('/api/admin/professionals/:id/approve', ({ params }) => {
        approved = params.id === applicant._id;
        return HttpResponse.json({ message: `${applicant.name} is approved`, user: { ...applicant, status: 'approved' } });
      }),
    );
    renderWithProviders(<AdminPage />, { route: '/admin/applications', path: '/admin/*', preloadedState: signedIn(admin, 'admin') });
    expect(await screen.findByText('EMS-77120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Open the licence document of Dr. ${applicant.name}` })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Approve Dr. ${applicant.name}` }));
    expect(await screen.findByText(`${applicant.name} is approved`)).toBeInTheDocument();
    expect(approved).toBe(true);
    expect(await screen.findByText('There are no pending applications.')).toBeInTheDocument();
  });

  it('shows a missing licence as missing and does not offer approval until it is there', async () => {
    const noLicence = { ...applicant, licenseNumber: '', hasLicenseDocument: false };
    server.use(http.get('/api/admin/professionals', () => HttpResponse.json({ professionals: [noLicence] })));
    renderWithProviders(<AdminPage />, { route: '/admin/applications', path: '/admin/*', preloadedState: signedIn(admin, 'admin') });
    const approve = await screen.findByRole('button', { name: `Approve Dr. ${applicant.name}` });
    expect(approve).toBeDisabled();
    expect(screen.getByText('Missing')).toBeInTheDocument();
    expect(screen.getByText('No licence document uploaded')).toBeInTheDocument();
    expect(approve).toHaveAccessibleDescription(/Approval waits for the licence number and the licence document/);
  });

  it('asks for a reason before rejecting, sends it, and shows a refusal’s message', async () => {
    let sent = '';
    server.use(
      http.get('/api/admin/professionals', () => HttpResponse.json({ professionals: [applicant] })),
      http.post('/api/admin/professionals/:id/reject', async ({ request }) => {
        sent = String((await request.formData()).get('reason'));
        return HttpResponse.json({ message: 'Only pending applications can be rejected (this account is approved)' }, { status: 409 });
      }),
    );
    renderWithProviders(<AdminPage />, { route: '/admin/applications', path: '/admin/*', preloadedState: signedIn(admin, 'admin') });
    await userEvent.click(await screen.findByRole('button', { name: `Reject Dr. ${applicant.name}` }));
    const confirm = screen.getByRole('button', { name: `Confirm: reject Dr. ${applicant.name}` });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText(`Reason to reject Dr. ${applicant.name}`), 'Licence expired');
    await userEvent.click(confirm);
    expect(await screen.findByText('Only pending applications can be rejected (this account is approved)')).toBeInTheDocument();
    expect(sent).toBe('Licence expired');
  });
});
