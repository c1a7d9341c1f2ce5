import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { testUser } from '../../testing/handlers';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import AdminPage from './AdminPage';
import { admin, applicant, profileChange } from './testing/fixtures';

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

  it('shows a profile change beside the values listed now, and approves it', async () => {
    let approved = '';
    server.use(
      http.get('/api/admin/profile-changes', () => HttpResponse.json({ changes: approved ? [] : [profileChange] })),
      http.post('/api/admin/profile-changes/:id/approve', ({ params }) => {
        approved = String(params.id);
        return HttpResponse.json({ message: `${profileChange.user.name}'s change is approved`, user: profileChange.user });
      }),
    );
    renderWithProviders(<AdminPage />, { route: '/admin/changes', path: '/admin/*', preloadedState: signedIn(admin, 'admin') });
    const row = (await screen.findByRole('row', { name: /Department/ })) as HTMLTableRowElement;
    expect(row).toHaveTextContent('Cardiology');
    expect(row).toHaveTextContent('Neurology');
    expect(screen.getByRole('row', { name: /Licence number/ })).toHaveTextContent('EMS-99001');
    expect(screen.queryByRole('row', { name: /^Name/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Approve the change of ${profileChange.user.name}` }));
    expect(await screen.findByText(`${profileChange.user.name}'s change is approved`)).toBeInTheDocument();
    expect(approved).toBe(profileChange.user._id);
    expect(await screen.findByText('No profile change is waiting for review.')).toBeInTheDocument();
  });

  it('rejects a profile change only with a reason', async () => {
    let sent = '';
    server.use(
      http.get('/api/admin/profile-changes', () => HttpResponse.json({ changes: [profileChange] })),
      http.post('/api/admin/profile-changes/:id/reject', async ({ request }) => {
        sent = String((await request.formData()).get('reason'));
        return HttpResponse.json({ message: `${profileChange.user.name}'s change is rejected`, user: profileChange.user });
      }),
    );
    renderWithProviders(<AdminPage />, { route: '/admin/changes', path: '/admin/*', preloadedState: signedIn(admin, 'admin') });
    await userEvent.click(await screen.findByRole('button', { name: `Reject the change of ${profileChange.user.name}` }));
    const confirm = screen.getByRole('button', { name: `Confirm: reject the change of ${profileChange.user.name}` });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText(`Reason to reject the change of ${profileChange.user.name}`), 'No neurology certificate');
    await userEvent.click(confirm);
    expect(await screen.findByText(`${profileChange.user.name}'s change is rejected`)).toBeInTheDocument();
    expect(sent).toBe('No neurology certificate');
  });

  it('pages through the accounts and the applications, asking the server for each page', async () => {
    const asked: string[] = [];
    const person = (n: number) => ({
      ...applicant,
      _id: `dd0000000000000000000${100 + n}`,
      name: `Person ${n}`,
      email: `p${n}@example.test`,
      status: 'approved',
    });
    server.use(
      http.get('/api/admin/users', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        asked.push(`users ${page}`);
        return HttpResponse.json({ users: [person(page)], page, pages: 2, total: 51, limit: 50 });
      }),
      http.get('/api/admin/professionals', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        asked.push(`professionals ${page}`);
        return HttpResponse.json({ professionals: [{ ...applicant, name: `Applicant ${page}` }], page, pages: 3, total: 120, limit: 50 });
      }),
    );
    const users = renderWithProviders(<AdminPage />, { route: '/admin/users', path: '/admin/*', preloadedState: signedIn(admin, 'admin') });
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Person 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    users.unmount();

    renderWithProviders(<AdminPage />, { route: '/admin/applications', path: '/admin/*', preloadedState: signedIn(admin, 'admin') });
    expect(await screen.findByRole('heading', { name: /Applicant 1/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('heading', { name: /Applicant 2/ })).toBeInTheDocument();
    expect(asked).toEqual(expect.arrayContaining(['users 1', 'users 2', 'professionals 1', 'professionals 2']));
  });
});
