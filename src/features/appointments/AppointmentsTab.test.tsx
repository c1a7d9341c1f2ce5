import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { testUser } from '../../testing/handlers';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import AppointmentsTab from './AppointmentsTab';
import type { Appointment } from './types';

// Popups and dialogs load lazily; give them time when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

const doctorUser = testUser({ _id: 'aa00000000000000000000a1', name: 'Dr. Ahmed Hassan', roles: ['doctor'] });
const where = { route: '/settings/appointments', path: '/settings/:page' };

function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    _id: 'bb00000000000000000000c1',
    date: '2027-01-15T12:00:00.000Z',
    time: '10:30',
    timeZone: 'Africa/Cairo',
    reserved: false,
    doctor: { _id: 'aa00000000000000000000a1', name: 'Dr. Ahmed Hassan', specialization: 'Cardiology' },
    patient: null,
    chat: null,
    ...overrides,
  };
}

const reservedSlot = appointment({
  _id: 'bb00000000000000000000c2',
  time: '12:00',
  reserved: true,
  patient: { _id: '6078afb1fb33703fe4a1414a', name: 'Sara Ali' },
  chat: 'cc00000000000000000000d1',
});

describe('AppointmentsTab for a doctor', { timeout: 20_000 }, () => {
  it('lists slots with the patient, a medical-history link and a chat link for reserved ones', async () => {
    server.use(http.get('/api/appointment', () => HttpResponse.json({ appointments: [appointment(), reservedSlot] })));
    renderWithProviders(<AppointmentsTab />, { ...where, preloadedState: signedIn(doctorUser, 'doctor') });
    const free = await screen.findByRole('row', { name: /10:30 AM/ });
    expect(within(free).getByText('Not Reserved')).toBeInTheDocument();
    expect(within(free).queryByRole('link')).not.toBeInTheDocument();
    const held = screen.getByRole('row', { name: /12:00 PM/ });
    expect(within(held).getByText('Sara Ali')).toBeInTheDocument();
    const historyLink = within(held).getByRole('link', { name: 'Medical history of Sara Ali' });
    expect(historyLink).toHaveAttribute('href', '/history/6078afb1fb33703fe4a1414a');
    // Label in Name: a voice-control user says the words she sees, so the name contains them.
    expect(historyLink.getAttribute('aria-label')?.toLowerCase()).toContain(historyLink.textContent?.trim().toLowerCase());
    expect(within(held).getByRole('link', { name: 'Chat with Sara Ali' })).toHaveAttribute('href', '/chat?chat=cc00000000000000000000d1');
    expect(screen.getByRole('columnheader', { name: 'Medical History' })).toBeInTheDocument();
  });

  it('marks a past reserved visit attended or no-show, showing what the server recorded', async () => {
    const past = appointment({ ...reservedSlot, _id: 'bb00000000000000000000c3', time: '09:00', startsAt: '2020-01-15T07:00:00.000Z', attendance: '' });
    let sent: FormData | null = null;
    server.use(
      http.get('/api/appointment', () => HttpResponse.json({ appointments: [past, reservedSlot] })),
      http.post('/api/appointment/attendance/', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ message: 'Sara Ali was marked as a no-show', appointment: { ...past, attendance: 'no_show' } });
      }),
    );
    renderWithProviders(<AppointmentsTab />, { ...where, preloadedState: signedIn(doctorUser, 'doctor') });
    const row = await screen.findByRole('row', { name: /9:00 AM/ });
    // An upcoming visit has nothing to mark yet.
    expect(within(screen.getByRole('row', { name: /12:00 PM/ })).queryByRole('button', { name: /No-show/ })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'No-show: Sara Ali did not come' }));
    await waitFor(() => expect(within(row).getByText('No-show')).toBeInTheDocument());
    expect((sent as FormData | null)?.get('attendance')).toBe('no_show');
    expect(within(row).getByRole('button', { name: 'Attended: Sara Ali came' })).toBeInTheDocument();
  });

  it('adds a slot: Added Successfully, the list refreshes and the dialog closes after 1.5 s', async () => {
    let sent: FormData | null = null;
    let items = [appointment()];
    server.use(
      http.get('/api/appointment', () => HttpResponse.json({ appointments: items })),
      http.post('/api/appointment', async ({ request }) => {
        sent = await request.formData();
        items = [...items, appointment({ _id: 'new', time: '16:45' })];
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    renderWithProviders(<AppointmentsTab />, { ...where, preloadedState: signedIn(doctorUser, 'doctor') });
    await screen.findByRole('row', { name: /10:30 AM/ });
    await userEvent.click(screen.getByRole('button', { name: 'Add Appointment' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Time *'), '16:45');
    await userEvent.type(within(dialog).getByLabelText('Date *'), '2027-01-15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Added Successfully')).toBeInTheDocument();
    expect(sent!.get('time')).toBe('16:45');
    expect(sent!.get('date')).toBe('2027-01-15');
    expect(await screen.findByRole('row', { name: /4:45 PM/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it("keeps the dialog open with the server's message when a slot is refused", async () => {
    server.use(
      http.get('/api/appointment', () => HttpResponse.json({ appointments: [] })),
      http.post('/api/appointment', () =>
        HttpResponse.json({ message: '2020-01-01 at 10:00 has already passed; choose a date and time in the future' }, { status: 400 }),
      ),
    );
    renderWithProviders(<AppointmentsTab />, { ...where, preloadedState: signedIn(doctorUser, 'doctor') });
    expect(await screen.findByText('You have not added any appointment yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Appointment' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('has already passed');
  });

  it('deletes a reserved slot only with a reason, which is sent for the patient, and reloads the list', async () => {
    let items = [appointment(), reservedSlot];
    let deleted = '';
    let reason: FormDataEntryValue | null = null;
    server.use(
      http.get('/api/appointment', () => HttpResponse.json({ appointments: items })),
      http.delete('/api/appointment/cancel', async ({ request }) => {
        deleted = new URL(request.url).searchParams.get('appointment') ?? '';
        reason = (await request.formData()).get('reason');
        items = items.filter((a) => a._id !== deleted);
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    renderWithProviders(<AppointmentsTab />, { ...where, preloadedState: signedIn(doctorUser, 'doctor') });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the appointment on Fri, 15 Jan 2027 at 12:00 PM' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Sara Ali has reserved it.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'delete' }));
    expect(await within(dialog).findByText('Please give the reason, so Sara Ali knows what happened')).toBeInTheDocument();
    expect(deleted).toBe('');
    await userEvent.type(within(dialog).getByLabelText('Reason for cancelling (the patient reads it)'), 'I am ill that day');
    await userEvent.click(within(dialog).getByRole('button', { name: 'delete' }));
    expect(await within(dialog).findByText('Deleted Successfully')).toBeInTheDocument();
    expect(deleted).toBe('bb00000000000000000000c2');
    expect(reason).toBe('I am ill that day');
    await waitFor(() => expect(screen.queryByRole('row', { name: /12:00 PM/ })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 2000 });
  });
});

describe('AppointmentsTab for a patient', { timeout: 20_000 }, () => {
  const patientSlot = appointment({ reserved: true, patient: { _id: '6078afb1fb33703fe4a1414a', name: 'Sara Ali' }, chat: 'cc00000000000000000000d1' });

  it('lists reserved slots with doctor and department, and cancels one naming the doctor', async () => {
    let items = [patientSlot];
    server.use(
      http.get('/api/appointment', () => HttpResponse.json({ appointments: items })),
      http.delete('/api/appointment/cancel', () => {
        items = [];
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    renderWithProviders(<AppointmentsTab />, { ...where, preloadedState: signedIn(testUser(), 'patient') });
    const row = await screen.findByRole('row', { name: /10:30 AM/ });
    expect(within(row).getByRole('link', { name: 'Dr. Ahmed Hassan' })).toHaveAttribute('href', '/doctor/Dr.%20Ahmed%20Hassan');
    expect(within(row).getByText('Cardiology')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Chat with Dr. Ahmed Hassan' })).toHaveAttribute('href', '/chat?chat=cc00000000000000000000d1');
    expect(screen.getByRole('columnheader', { name: 'Department' })).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: /Cancel the appointment/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Do you want to cancel your appointment with Dr. Ahmed Hassan on Fri, 15 Jan 2027 at 10:30 AM?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'delete' }));
    expect(await screen.findByText('You have not reserved any appointment yet.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('names the Move button in Arabic with the words it shows', async () => {
    server.use(http.get('/api/appointment', () => HttpResponse.json({ appointments: [patientSlot] })));
    await showArabic();
    try {
      renderWithProviders(<AppointmentsTab />, { ...where, preloadedState: signedIn(testUser(), 'patient') });
      // WCAG 2.5.3 Label in Name: saying the words on the button reaches it.
      const move = await screen.findByRole('button', { name: /^تغيير الموعد: / });
      expect(move).toHaveTextContent('تغيير الموعد');
    } finally {
      await showEnglish();
    }
  });

  it('disables Move and Cancel once the cutoff has passed, and says why', async () => {
    const soon = appointment({
      ...patientSlot,
      startsAt: new Date(Date.now() + 3 * 3600000).toISOString(),
      changeableUntil: new Date(Date.now() - 9 * 3600000).toISOString(),
    });
    server.use(http.get('/api/appointment', () => HttpResponse.json({ appointments: [soon] })));
    renderWithProviders(<AppointmentsTab />, { ...where, preloadedState: signedIn(testUser(), 'patient') });
    const row = await screen.findByRole('row', { name: /10:30 AM/ });
    const why = 'Cancelling and moving close 12 hours before the appointment; please call the clinic.';
    expect(within(row).getByText(why)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Move the appointment/ })).toBeDisabled();
    expect(within(row).getByRole('button', { name: /Cancel the appointment/ })).toBeDisabled();
    expect(within(row).getByRole('button', { name: /Cancel the appointment/ })).toHaveAccessibleDescription(why);
  });

  it('moves an appointment to a free time of the same doctor and shows the confirmation only after the server moved it', async () => {
    const open = appointment({ ...patientSlot, startsAt: '2027-01-15T08:30:00.000Z', changeableUntil: '2027-01-14T20:30:00.000Z' });
    let moved: { id: string; to: FormDataEntryValue | null } | null = null;
    server.use(
      http.get('/api/appointment', () => HttpResponse.json({ appointments: [open] })),
      http.get('/api/doctors', () =>
        HttpResponse.json({
          doctor: {
            availableDates: [
              {
                _id: 'bb00000000000000000000c1',
                date: '2027-01-15T12:00:00.000Z',
                time: '10:30',
                reserved: true,
                patient: 'x',
                heldUntil: null,
                heldForYou: false,
              },
              {
                _id: 'bb00000000000000000000c9',
                date: '2027-01-16T12:00:00.000Z',
                time: '11:00',
                reserved: false,
                patient: null,
                heldUntil: null,
                heldForYou: false,
              },
            ],
          },
        }),
      ),
      http.post('/api/appointment/:id/reschedule', async ({ request, params }) => {
        moved = { id: String(params.id), to: (await request.formData()).get('to') };
        return HttpResponse.json({ message: 'Your appointment with Dr. Ahmed Hassan is moved to 2027-01-16 at 11:00' });
      }),
    );
    renderWithProviders(<AppointmentsTab />, { ...where, preloadedState: signedIn(testUser(), 'patient') });
    await userEvent.click(await screen.findByRole('button', { name: 'Move the appointment on Fri, 15 Jan 2027 at 10:30 AM' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByLabelText('Sat, 16 Jan 2027 at 11:00 AM'));
    expect(within(dialog).queryByText(/moved to/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move to this time' }));
    expect(await within(dialog).findByText('Your appointment with Dr. Ahmed Hassan is moved to 2027-01-16 at 11:00')).toBeInTheDocument();
    expect(moved).toEqual({ id: 'bb00000000000000000000c1', to: 'bb00000000000000000000c9' });
  });

  it('downloads the calendar file of a reserved appointment through the API', async () => {
    let asked = '';
    server.use(
      http.get('/api/appointment', () => HttpResponse.json({ appointments: [patientSlot] })),
      http.get('/api/appointment/:id/calendar.ics', ({ params }) => {
        asked = String(params.id);
        return new HttpResponse('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', { headers: { 'content-type': 'text/calendar' } });
      }),
    );
    const created = vi.fn(() => 'blob:calendar');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<AppointmentsTab />, { ...where, preloadedState: signedIn(testUser(), 'patient') });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to calendar: the appointment on Fri, 15 Jan 2027 at 10:30 AM' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(asked).toBe('bb00000000000000000000c1');
    expect(created).toHaveBeenCalled();
    clicked.mockRestore();
  });

  it('sends patients to the request page', async () => {
    server.use(http.get('/api/appointment', () => HttpResponse.json({ appointments: [] })));
    renderWithProviders(<AppointmentsTab />, { ...where, preloadedState: signedIn(testUser(), 'patient') });
    expect(screen.queryByRole('button', { name: 'Add Appointment' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Request Appointment' }));
    expect(screen.getByTestId('navigated-away')).toBeInTheDocument();
  });
});
