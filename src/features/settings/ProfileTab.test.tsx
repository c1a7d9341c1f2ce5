import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signedIn } from '../../testing/render';
import { testUser } from '../../testing/handlers';
import { server } from '../../testing/server';
import ProfileTab from './ProfileTab';

describe('ProfileTab', () => {
  it('says there is nothing to save when nothing changed, without calling the server', async () => {
    let called = false;
    server.use(http.patch('/api/auth/user', () => ((called = true), HttpResponse.json({}))));
    renderWithProviders(<ProfileTab />, { preloadedState: signedIn(testUser()) });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no change to save');
    expect(called).toBe(false);
  });

  it('sends only the changed fields and stores the returned user', async () => {
    let sent: FormData | null = null;
    server.use(
      http.patch('/api/auth/user', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ user: testUser({ phone: '01112223334' }) });
      }),
    );
    const { store } = renderWithProviders(<ProfileTab />, { preloadedState: signedIn(testUser()) });
    const phone = screen.getByLabelText('Phone');
    await userEvent.clear(phone);
    await userEvent.type(phone, '01112223334');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated Successfully')).toBeInTheDocument();
    expect([...sent!.keys()]).toEqual(['phone']);
    expect(store.getState().session.user?.phone).toBe('01112223334');
    expect(JSON.parse(localStorage.getItem('user')!).phone).toBe('01112223334');
  });

  it('lets a pending doctor send the licence number and document the sign-up lacked, and shows what the server says', async () => {
    let sent: FormData | null = null;
    const pending = testUser({ roles: ['doctor'], status: 'pending', licenseNumber: '', hasLicenseDocument: false, name: 'Ahmed Hassan' });
    server.use(
      http.post('/api/auth/user/licence', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({
          message: 'Saved. The clinic now has your licence number and document and checks them before your account is listed.',
          user: { ...pending, licenseNumber: 'EMS-40404', hasLicenseDocument: true },
        });
      }),
    );
    const { store } = renderWithProviders(<ProfileTab />, { preloadedState: signedIn(pending, 'doctor') });
    // Her edits apply at once (the administrator reviews the whole application): nothing says they wait.
    expect(screen.queryByText(/checked by the clinic before it is shown/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dr. Ahmed Hassan' })).toBeInTheDocument();
    expect(screen.getByText('No document yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Licence number'), 'EMS-40404');
    await userEvent.upload(screen.getByLabelText('Licence document'), new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send my licence' }));
    expect(await screen.findByText(/The clinic now has your licence number and document/)).toBeInTheDocument();
    expect(sent!.get('licenseNumber')).toBe('EMS-40404');
    expect((sent!.get('licenseDocument') as File).type).toBe('application/pdf');
    expect(store.getState().session.user?.hasLicenseDocument).toBe(true);
  });

  it('offers no licence form to approved doctors or to patients', () => {
    renderWithProviders(<ProfileTab />, { preloadedState: signedIn(testUser({ roles: ['doctor'], status: 'approved' }), 'doctor') });
    expect(screen.queryByRole('button', { name: 'Send my licence' })).not.toBeInTheDocument();
  });

  it('shows pharmacy fields to pharmacists only', async () => {
    renderWithProviders(<ProfileTab />, { preloadedState: signedIn(testUser(), 'patient') });
    expect(screen.queryByLabelText('Pharmacy location')).not.toBeInTheDocument();
    renderWithProviders(<ProfileTab />, { preloadedState: signedIn(testUser({ roles: ['pharmacist'] }), 'pharmacist') });
    expect(screen.getByLabelText('Pharmacy location')).toBeInTheDocument();
    expect(screen.getByLabelText('Working date')).toBeInTheDocument();
  });

  it("shows the server's message when the save is refused", async () => {
    server.use(http.patch('/api/auth/user', () => HttpResponse.json({ message: 'This username is taken' }, { status: 400 })));
    renderWithProviders(<ProfileTab />, { preloadedState: signedIn(testUser()) });
    await userEvent.type(screen.getByLabelText('Username'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This username is taken');
  });

  it('asks for the current password to change the email and shows that the new one waits for its link', async () => {
    let sent: FormData | null = null;
    server.use(
      http.patch('/api/auth/user', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({
          message: 'Profile updated. We sent a link to new@example.test: the new email is used once you follow it.',
          user: testUser(),
        });
      }),
    );
    renderWithProviders(<ProfileTab />, { preloadedState: signedIn(testUser()) });
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.test');
    await userEvent.type(screen.getByLabelText(/Current password/), 'the-current-one');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/We sent a link to new@example.test/)).toBeInTheDocument();
    expect(sent!.get('email')).toBe('new@example.test');
    expect(sent!.get('currentPassword')).toBe('the-current-one');
  });

  it("says a professional's change of name or department awaits the clinic's review", async () => {
    server.use(
      http.patch('/api/auth/user', () =>
        HttpResponse.json({
          message: 'Profile updated. Your new name, department or licence number waits for the clinic to check it; until then you are listed as before.',
          user: testUser({ roles: ['doctor'], name: 'Dr. Old Name', pendingChange: { name: 'Dr. New Name', requestedAt: '2026-12-06T09:30:00.000Z' } }),
        }),
      ),
    );
    renderWithProviders(<ProfileTab />, { preloadedState: signedIn(testUser({ roles: ['doctor'], name: 'Dr. Old Name' }), 'doctor') });
    expect(screen.queryByText(/awaits the clinic’s review/)).not.toBeInTheDocument();
    const name = screen.getByLabelText('Full name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Dr. New Name');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/waits for the clinic to check it/)).toBeInTheDocument();
    const notice = screen.getByText(/awaits the clinic’s review/).closest('.alert') as HTMLElement;
    expect(notice).toHaveTextContent('Name: Dr. New Name');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Dr. Old Name');
  });

  it('lets a doctor ask for another department and licence number, sending only those', async () => {
    let sent: FormData | null = null;
    server.use(
      http.patch('/api/auth/user', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({
          message: 'Profile updated. Your new name, department or licence number waits for the clinic to check it; until then you are listed as before.',
          user: testUser({
            roles: ['doctor'],
            specialization: 'Cardiology',
            licenseNumber: 'EMS-1',
            pendingChange: { specialization: 'Neurology', licenseNumber: 'EMS-2', requestedAt: '2026-12-06T09:30:00.000Z' },
          }),
        });
      }),
    );
    const doctor = testUser({ roles: ['doctor'], specialization: 'Cardiology', licenseNumber: 'EMS-1' });
    renderWithProviders(<ProfileTab />, { preloadedState: signedIn(doctor, 'doctor') });
    expect(screen.getByText(/checked by the clinic before it is shown/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Pharmacy licence number')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Department'), 'Neurology');
    const licence = screen.getByLabelText('Licence number');
    await userEvent.clear(licence);
    await userEvent.type(licence, 'EMS-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Department: Neurology')).toBeInTheDocument();
    expect(Object.fromEntries(sent!.entries())).toEqual({ specialization: 'Neurology', licenseNumber: 'EMS-2' });
  });

  it('shows no department or licence fields to patients', async () => {
    renderWithProviders(<ProfileTab />, { preloadedState: signedIn(testUser(), 'patient') });
    expect(screen.queryByLabelText('Department')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Licence number')).not.toBeInTheDocument();
  });
});
