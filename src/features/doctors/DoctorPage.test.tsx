import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { testUser } from '../../testing/handlers';
import { isolate } from '../../../shared/bidi-isolate';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import DoctorPage from './DoctorPage';
import { doctorDetail, slot } from './testing/fixtures';
import type { DoctorDetail } from './types';

// Popups and dialogs load lazily; give them time when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

const patient = testUser();
const route = { route: '/doctor/Dr.%20Ahmed%20Hassan', path: '/doctor/:name' };

function serveDoctor(doctor: () => DoctorDetail | null) {
  const names: string[] = [];
  server.use(
    http.get('/api/doctors', ({ request }) => {
      names.push(new URL(request.url).searchParams.get('name') ?? '');
      const d = doctor();
      return d ? HttpResponse.json({ doctor: d }) : HttpResponse.json({ message: 'There is no doctor called Dr. Ahmed Hassan' }, { status: 404 });
    }),
  );
  return names;
}

describe('DoctorPage', { timeout: 20_000 }, () => {
  it('shows the profile, background and slots of the doctor named in the address', async () => {
    const names = serveDoctor(() => doctorDetail({ address: '' }));
    renderWithProviders(<DoctorPage />, route);
    expect(await screen.findByRole('heading', { level: 2, name: 'Dr. Ahmed Hassan' })).toBeInTheDocument();
    expect(names).toEqual(['Dr. Ahmed Hassan']);
    expect(screen.getByText('MBBCh, Bachelor of Medicine and Surgery', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Top rated')).toBeInTheDocument();
    expect(screen.getByText('+(20) 1001234567')).toBeInTheDocument();
    // Without an address the page shows government and country.
    expect(screen.getByText('Cairo, Egypt')).toBeInTheDocument();
    expect(screen.getByText(/Treats high blood pressure/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Experience' })).toBeInTheDocument();
    expect(screen.getByText(/Total Rate:/)).toHaveTextContent('Total Rate: 4.5 / 5');
    const row = screen.getByRole('row', { name: /Fri, 15 Jan 2027/ });
    expect(within(row).getByText('10:30 AM')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Reserve/ })).toBeEnabled();
  });

  it('writes the title once before the stored name (which has none), on the page and in its banner, from the new and the old address', async () => {
    for (const address of ['/doctor/Ahmed%20Hassan', '/doctor/Dr.%20Ahmed%20Hassan']) {
      serveDoctor(() => doctorDetail({ name: 'Ahmed Hassan' }));
      const { unmount } = renderWithProviders(<DoctorPage />, { route: address, path: '/doctor/:name' });
      expect(await screen.findByRole('heading', { level: 2, name: 'Dr. Ahmed Hassan' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Dr. Ahmed Hassan' })).toBeInTheDocument();
      expect(document.body.textContent).not.toMatch(/Dr\.\s*Dr/);
      expect(document.body.textContent?.match(/Dr\. Ahmed Hassan/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
      unmount();
    }
  });

  it('writes the Arabic title once on Arabic pages', async () => {
    await showArabic();
    serveDoctor(() => doctorDetail({ name: 'Ahmed Hassan' }));
    renderWithProviders(<DoctorPage />, { route: '/doctor/Ahmed%20Hassan', path: '/doctor/:name' });
    expect(await screen.findByRole('heading', { level: 2, name: `د. ${isolate('Ahmed Hassan')}` })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Dr\.|د\.\s*د\./);
    showEnglish();
  });

  it('says when the doctor is unknown', async () => {
    serveDoctor(() => null);
    renderWithProviders(<DoctorPage />, route);
    expect(await screen.findByText('There is no data for this doctor')).toBeInTheDocument();
  });

  it('says when the doctor has no appointments', async () => {
    serveDoctor(() => doctorDetail({ availableDates: [] }));
    renderWithProviders(<DoctorPage />, route);
    expect(await screen.findByText('There are no appointments available for this doctor!')).toBeInTheDocument();
  });

  it('reserves a slot after the cancellation notice, then shows the chat link to its holder', async () => {
    let held = false;
    let query: URLSearchParams | null = null;
    serveDoctor(() =>
      doctorDetail({
        availableDates: [
          held ? slot({ reserved: true, patient: patient._id, chat: 'cc00000000000000000000d1' }) : slot(),
          slot({ _id: 'other', time: '12:00', reserved: true, patient: 'someone-else' }),
        ],
      }),
    );
    server.use(
      http.post('/api/appointment/reserve', ({ request }) => {
        query = new URL(request.url).searchParams;
        held = true;
        return HttpResponse.json({ message: 'ok', chat: 'cc00000000000000000000d1' });
      }),
    );
    renderWithProviders(<DoctorPage />, { ...route, preloadedState: signedIn(patient) });
    // Someone else's slot is shown as reserved and cannot be pressed.
    const taken = await screen.findByRole('button', { name: 'Reserved' });
    expect(taken).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: /Reserve Fri, 15 Jan 2027 at 10:30 AM/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('cancelling after 24 hours costs a 25% fee');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Reserved Successfully')).toBeInTheDocument();
    expect(query!.get('appointment')).toBe('bb00000000000000000000c1');
    expect(query!.get('receiver')).toBe('aa00000000000000000000a1');

    const chat = await screen.findByRole('link', { name: 'Chat with Dr. Ahmed Hassan' });
    expect(chat).toHaveAttribute('href', '/chat?chat=cc00000000000000000000d1');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it('lets a patient join the waiting list of a doctor with no free time in the next 14 days, and leave it', async () => {
    serveDoctor(() => doctorDetail({ availableDates: [slot({ reserved: true, patient: 'someone-else' })] }));
    const calls: string[] = [];
    server.use(
      http.post('/api/doctors/:id/waitlist', ({ params }) => {
        calls.push(`join ${String(params.id)}`);
        return HttpResponse.json({ message: "You are on Dr. Ahmed Hassan's waiting list (number 2)", waitlist: { joined: true, position: 2, offer: null } });
      }),
      http.delete('/api/doctors/:id/waitlist', () => {
        calls.push('leave');
        return HttpResponse.json({ message: "You left Dr. Ahmed Hassan's waiting list", waitlist: { joined: false, position: null, offer: null } });
      }),
    );
    renderWithProviders(<DoctorPage />, { ...route, preloadedState: signedIn(patient) });
    await userEvent.click(await screen.findByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText("You are on Dr. Ahmed Hassan's waiting list (number 2)")).toBeInTheDocument();
    expect(screen.getByText(/You are number 2 on Dr. Ahmed Hassan's waiting list/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Leave the waiting list' }));
    expect(await screen.findByText("You left Dr. Ahmed Hassan's waiting list")).toBeInTheDocument();
    expect(calls).toEqual(['join aa00000000000000000000a1', 'leave']);
  });

  it('shows a time held for the patient from the offer link with its Reserve button; others see it held', async () => {
    let reserved = false;
    const held = slot({ heldUntil: '2027-01-14T10:15:00.000Z', heldForYou: true });
    serveDoctor(() => doctorDetail({ availableDates: [reserved ? slot({ reserved: true, patient: patient._id }) : held] }));
    server.use(
      http.post('/api/appointment/reserve', () => {
        reserved = true;
        return HttpResponse.json({ message: 'ok', chat: 'cc00000000000000000000d1' });
      }),
    );
    renderWithProviders(<DoctorPage />, { route: `/doctor/Dr.%20Ahmed%20Hassan?offer=${held._id}`, path: '/doctor/:name', preloadedState: signedIn(patient) });
    expect(await screen.findByText(/Fri, 15 Jan 2027 at 10:30 AM is held for you until/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reserve it now' }));
    expect(await screen.findByText('Reserved Successfully')).toBeInTheDocument();
    expect(reserved).toBe(true);
  });

  it('asks a logged-out visitor of the offer link to log in, and brings her back to the offer', async () => {
    const held = slot({ heldUntil: '2027-01-14T10:15:00.000Z', heldForYou: false });
    serveDoctor(() => doctorDetail({ availableDates: [held] }));
    renderWithProviders(<DoctorPage />, { route: `/doctor/Dr.%20Ahmed%20Hassan?offer=${held._id}`, path: '/doctor/:name' });
    await userEvent.click(await screen.findByRole('link', { name: 'Log in to reserve it' }));
    const away = await screen.findByTestId('navigated-away');
    expect(away).toHaveAttribute('data-path', '/account/login');
    expect(away).toHaveAttribute('data-return-to', `/doctor/Dr.%20Ahmed%20Hassan?offer=${held._id}`);
  });

  it('shows a time held for someone else on the waiting list as not reservable', async () => {
    serveDoctor(() => doctorDetail({ availableDates: [slot({ heldUntil: '2027-01-14T10:15:00.000Z', heldForYou: false })] }));
    renderWithProviders(<DoctorPage />, { ...route, preloadedState: signedIn(patient) });
    expect(await screen.findByRole('button', { name: 'Held for the waiting list' })).toBeDisabled();
  });

  it("shows the server's refusal inside the reservation dialog", async () => {
    serveDoctor(() => doctorDetail());
    server.use(
      http.post('/api/appointment/reserve', () => HttpResponse.json({ message: 'Sorry, someone else has just reserved this appointment' }, { status: 409 })),
    );
    renderWithProviders(<DoctorPage />, { ...route, preloadedState: signedIn(patient) });
    await userEvent.click(await screen.findByRole('button', { name: /Reserve Fri/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, someone else has just reserved this appointment');
  });

  it('asks guests to log in instead of reserving', async () => {
    serveDoctor(() => doctorDetail());
    renderWithProviders(<DoctorPage />, route);
    await userEvent.click(await screen.findByRole('button', { name: /Reserve Fri/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Please log in as a patient to reserve an appointment');
    expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/account/login');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('submits a star rating and shows the new average, or the failure with the fixed suffix', async () => {
    serveDoctor(() => doctorDetail());
    const sent: string[] = [];
    let refuse = false;
    server.use(
      http.post('/api/doctors/rate', ({ request }) => {
        const params = new URL(request.url).searchParams;
        sent.push(`${params.get('doctor')}:${params.get('rate')}`);
        if (refuse) return HttpResponse.json({ message: 'You can rate Dr. Ahmed Hassan after reserving an appointment with them' }, { status: 403 });
        return HttpResponse.json({ message: 'ok', rate: 4, ratings: 3, yourRate: 2 });
      }),
    );
    renderWithProviders(<DoctorPage />, { ...route, preloadedState: signedIn(patient) });
    await userEvent.click(await screen.findByRole('button', { name: 'Rate 2 out of 5' }));
    expect(await screen.findByText('Submitted successfully')).toBeInTheDocument();
    expect(sent).toEqual(['aa00000000000000000000a1:2']);
    expect(screen.getByText(/Total Rate:/)).toHaveTextContent('Total Rate: 4.0 / 5');

    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Submitted successfully')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Rate 5 out of 5' }));
    expect(
      await screen.findByText('You can rate Dr. Ahmed Hassan after reserving an appointment with them || An error occurred, try again'),
    ).toBeInTheDocument();
  });
});

describe('DoctorPage in Arabic', { timeout: 20_000 }, () => {
  afterEach(() => showEnglish());

  it("shows the background, the waiting list and a held time's end in Cairo time", async () => {
    await showArabic();
    const held = slot({ heldUntil: '2027-01-14T10:15:00.000Z', heldForYou: true });
    serveDoctor(() => doctorDetail({ availableDates: [held] }));
    renderWithProviders(<DoctorPage />, { route: `/doctor/Dr.%20Ahmed%20Hassan?offer=${held._id}`, path: '/doctor/:name', preloadedState: signedIn(patient) });
    // 10:15 UTC is 12:15 in Cairo in January.
    expect(await screen.findByText(/محجوز لك حتى ١٢:١٥\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'قائمة الانتظار' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'احجزه الآن' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'الخبرة' })).toBeInTheDocument();
    expect(screen.getByText('استشاري، عيادة النيل')).toBeInTheDocument();
  });

  it("shows a patient's review in its own direction: an English one ends with its full stop", async () => {
    await showArabic();
    serveDoctor(() => doctorDetail({ reviews: [{ rate: 5, comment: 'Listened carefully. Highly recommended.', date: '2026-11-30T10:00:00.000Z' }] }));
    renderWithProviders(<DoctorPage />, route);
    expect(await screen.findByText('Listened carefully. Highly recommended.')).toHaveAttribute('dir', 'auto');
  });

  it('asks guests to log in, in Arabic, inside the reservation dialog', async () => {
    await showArabic();
    serveDoctor(() => doctorDetail());
    renderWithProviders(<DoctorPage />, route);
    await userEvent.click(await screen.findByRole('button', { name: /^احجز / }));
    const dialog = await screen.findByRole('dialog', { name: 'سجّل الدخول للحجز' });
    expect(dialog).toHaveTextContent(`يُرجى تسجيل الدخول بصفتك مريضًا لحجز موعد مع د. ${isolate('Ahmed Hassan')}.`);
    expect(within(dialog).getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/account/login');
  });
});
