import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { testUser } from '../../testing/handlers';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import HistoryPage from './HistoryPage';
import { doctorId, doctorRead, makeHistory, patientId } from './testing/fixtures';
import type { AccessEntry, History } from './types';

// These journeys click through dialogs and reloads; on a busy machine they outgrow the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

const patient = testUser();
const doctor = testUser({ _id: doctorId, name: 'Dr. Ahmed Hassan', gender: 'male', roles: ['doctor'] });
const where = { route: `/history/${patientId}`, path: '/history/:userId' };

const filled = makeHistory({
  medicines: [{ _id: 'm1', medicine: 'Vitamin D3', date: '2025-09-01T12:00:00.000Z' }],
  diagnosis: [
    {
      _id: 'd1',
      diagnosis: 'Hypertension',
      notes: 'Monitor at home',
      doctor: { name: 'Dr. Ahmed Hassan' },
      author: { _id: doctor._id, name: 'Dr. Ahmed Hassan', role: 'doctor' },
      self_reported: false,
      hidden: false,
    },
    { _id: 'd2', diagnosis: 'Allergy', notes: '', doctor: null, self_reported: true },
  ],
  genetic_disease: [{ _id: 'g1', disease: 'Thalassaemia minor', injured: 'Mother', cured: true }],
  laboratory_tests: [{ _id: 'l1', lab: 'Complete blood count', name: 'Cairo Lab', result: '/uploads/cbc.png' }],
});

const log: AccessEntry[] = [
  doctorRead,
  {
    _id: 'a1',
    actor: { _id: 'bb0000000000000000000001', name: 'Omar Khaled', role: 'patient' },
    action: 'read',
    target: 'history',
    outcome: 'denied',
    created_at: '2026-03-01T10:00:00.000Z',
  },
  {
    _id: 'a0',
    actor: { _id: patientId, name: 'Sara Ali', role: 'patient' },
    action: 'add',
    target: 'diagnosis',
    outcome: 'allowed',
    created_at: '2026-02-28T10:00:00.000Z',
  },
];

function serve(history: History) {
  server.use(
    http.get('/api/history/', () => HttpResponse.json({ history })),
    http.get('/api/history/access-log/', () => HttpResponse.json({ entries: log })),
    http.get('/api/doctors', () => HttpResponse.json({ doctors: [{ _id: doctor._id, name: 'Dr. Ahmed Hassan', image: '', specialization: 'Cardiology' }] })),
  );
}

describe('HistoryPage for the owning patient', () => {
  it('shows the banner, the patient card, general information and each section with its empty message', async () => {
    serve(makeHistory());
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    expect(screen.getByRole('heading', { name: 'Medical History' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the medical history…');
    expect(await screen.findByRole('heading', { name: 'Sara Ali' })).toBeInTheDocument();
    expect(screen.getByText('+(20) 1001234567')).toBeInTheDocument();
    expect(screen.getByText('Stable')).toBeInTheDocument();
    expect(screen.getByText('165 cm')).toBeInTheDocument();
    expect(screen.getByText('62 kg')).toBeInTheDocument();
    expect(screen.getByText('Pregnancy')).toBeInTheDocument();
    for (const empty of [
      'There are no medicines yet',
      'There are no diagnosis added yet.',
      'There are no chronic diseases added yet.',
      'There are no genetic diseases added yet.',
      'There are no surgeries added yet.',
      'There are no continuous medications added yet.',
      'There are no Laboratory tests added yet.',
      'There are no allergies added yet.',
    ]) {
      expect(screen.getByText(empty)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: /^Add to / })).toHaveLength(8);
  });

  it('shows entries with remove buttons, dates as day - month - year, a dash for no doctor, and the access log without her own visits', async () => {
    serve(filled);
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    const hypertension = await screen.findByRole('row', { name: /Hypertension/ });
    // A doctor's entry: his name as its author, and she may hide it but not remove it.
    expect(within(hypertension).getAllByText('Dr. Ahmed Hassan')).toHaveLength(2);
    expect(within(hypertension).getByRole('button', { name: 'Hide Hypertension' })).toBeInTheDocument();
    expect(within(hypertension).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    const own = screen.getByRole('row', { name: /Allergy/ });
    expect(within(own).getAllByText('-')).toHaveLength(2);
    expect(within(own).getByText('Self-reported')).toBeInTheDocument();
    // Dates read as everywhere else in the portal: day, month name, year.
    expect(screen.getByText('1 Sept 2025')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Vitamin D3' })).toBeInTheDocument();
    const logPanel = screen.getByRole('region', { name: 'Who viewed my record' });
    const doctorRow = await within(logPanel).findByRole('row', { name: /Dr\. Ahmed Hassan/ });
    expect(doctorRow).toHaveTextContent('Opened your record');
    expect(doctorRow).toHaveTextContent('Allowed');
    expect(within(logPanel).getByRole('row', { name: /Omar Khaled/ })).toHaveTextContent('Refused');
    expect(within(logPanel).queryByText('Added a diagnosis')).not.toBeInTheDocument();
    await userEvent.click(within(logPanel).getByRole('switch', { name: 'Show my own visits' }));
    expect(within(logPanel).getByRole('row', { name: /You/ })).toHaveTextContent('Added a diagnosis');
  });

  it("shows the access log's times in the clinic's time zone, whatever the browser's", async () => {
    // A browser set to New York: the old formatting showed 05:00 AM there for a visit at 12:00 Cairo time.
    const browserZone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      serve(filled);
      renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
      const logPanel = await screen.findByRole('region', { name: 'Who viewed my record' });
      const doctorRow = await within(logPanel).findByRole('row', { name: /Dr\. Ahmed Hassan/ });
      expect(within(doctorRow).getByText('2 Mar 2026, 12:00')).toHaveAttribute('datetime', '2026-03-02T10:00:00.000Z');
    } finally {
      process.env.TZ = browserZone;
      if (browserZone === undefined) delete process.env.TZ;
    }
  });

  it('opens a lab result image in a modal', async () => {
    serve(filled);
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    await userEvent.click(await screen.findByRole('button', { name: 'Open the result of Complete blood count' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete blood count' });
    expect(within(dialog).getByRole('img', { name: 'Result of Complete blood count' })).toHaveAttribute('src', '/uploads/cbc.png');
  });

  it('fetches a private lab result through the API client (which sends the token) instead of linking it', async () => {
    let requested = false;
    serve(makeHistory({ laboratory_tests: [{ _id: 'l2', lab: 'Lipid profile', name: 'Cairo Lab', result: '/api/history/lab/l2/result' }] }));
    server.use(
      http.get('/api/history/lab/l2/result', () => {
        requested = true;
        return new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } });
      }),
    );
    // jsdom has no object URLs; the browser's own is exercised by the history journey.
    const created = vi.fn(() => 'blob:lab-result');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    await userEvent.click(await screen.findByRole('button', { name: 'Open the result of Lipid profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lipid profile' });
    const image = await within(dialog).findByRole('img', { name: 'Result of Lipid profile' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    expect(requested).toBe(true);
  });

  it('shows why reads were allowed, pages the log and counts refused guest attempts per address', async () => {
    serve(makeHistory());
    const asked: string[] = [];
    server.use(
      http.get('/api/history/access-log/', ({ request }) => {
        const page = new URL(request.url).searchParams.get('page') ?? '1';
        asked.push(page);
        const entry = {
          ...log[0],
          _id: `e${page}`,
          reason: page === '1' ? 'Holds an upcoming appointment with her on 2026-12-01' : 'Saw her on 2026-11-01; access lasts 30 days after the appointment',
        };
        // A signed-in account's refusals in one hour: one entry with how often it was tried.
        const refused = { ...entry, _id: `r${page}`, outcome: 'denied', reason: '', count: 40, last_at: '2026-11-21T11:00:00.000Z' };
        return HttpResponse.json({
          entries: [entry, refused],
          page: Number(page),
          pages: 2,
          total: 51,
          guestRefusals: [{ address: '203.0.113.9', count: 40, first_at: '2026-11-20T10:00:00.000Z', last_at: '2026-11-21T10:00:00.000Z' }],
        });
      }),
    );
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    const logPanel = await screen.findByRole('region', { name: 'Who viewed my record' });
    expect(await within(logPanel).findByText('Holds an upcoming appointment with her on 2026-12-01')).toBeInTheDocument();
    expect(within(logPanel).getByText(/40 attempts from the address 203\.0\.113\.9/)).toBeInTheDocument();
    expect(within(logPanel).getByText(/tried 40 times, last on/)).toBeInTheDocument();
    await userEvent.click(within(logPanel).getByRole('button', { name: 'Older entries' }));
    expect(await within(logPanel).findByText('Saw her on 2026-11-01; access lasts 30 days after the appointment')).toBeInTheDocument();
    expect(within(logPanel).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(asked).toContain('2');
  });

  it('shows the clinic doctor a patient named as who told her a diagnosis with his title, once, and keeps the entry hers', async () => {
    serve(
      makeHistory({
        diagnosis: [
          {
            _id: 'd8',
            diagnosis: 'Asthma',
            notes: '',
            doctor: null,
            told_by: 'Hany Said',
            told_by_doctor: { _id: 'dd00000000000000000000e1', name: 'Hany Said' },
            self_reported: true,
          },
        ],
      }),
    );
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    const row = await screen.findByRole('row', { name: /Asthma/ });
    expect(within(row).getByText('Told to me by Dr. Hany Said')).toBeInTheDocument();
    expect(within(row).getByText('Self-reported')).toBeInTheDocument();
    expect(row.textContent).not.toMatch(/Dr\.\s*Dr/);
  });

  it('adds a diagnosis: sends the form, shows "Added successfully" in green, reloads and closes the modal', async () => {
    let current = makeHistory();
    let sent: FormData | null = null;
    serve(current);
    server.use(
      http.get('/api/history/', () => HttpResponse.json({ history: current })),
      http.post('/api/history/diagnosis', async ({ request }) => {
        sent = await request.formData();
        current = makeHistory({
          diagnosis: [{ _id: 'd9', diagnosis: 'Migraine', notes: 'With aura', doctor: null, told_by: 'Dr. Karim', self_reported: true }],
        });
        return HttpResponse.json({ message: 'Added successfully', _id: 'd9' });
      }),
    );
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to diagnosis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add diagnosis' });
    await userEvent.type(within(dialog).getByLabelText('Diagnosis *'), 'Migraine');
    await userEvent.type(within(dialog).getByLabelText('Notes'), 'With aura');
    // Her own diagnosis cannot name a doctor as its author: who told her is free text.
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Told to me by (optional)'), 'Dr. Karim');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added successfully')).toHaveClass('alert-success');
    const row = await screen.findByRole('row', { name: /Migraine/ });
    expect(within(row).getByText('Told to me by Dr. Karim')).toBeInTheDocument();
    expect(within(row).getByText('Self-reported')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = sent as unknown as FormData;
    expect(body.get('diagnosis')).toBe('Migraine');
    expect(body.get('notes')).toBe('With aura');
    expect(body.get('told_by')).toBe('Dr. Karim');
    expect(body.get('doctor')).toBeNull();
  });

  it('keeps the modal open with the server message in red when adding fails', async () => {
    serve(makeHistory());
    server.use(
      http.post('/api/history/medicines', () =>
        HttpResponse.json({ message: 'The date "someday" could not be read; please type it as MM-DD-YYYY, for example 01/25/1970' }, { status: 400 }),
      ),
    );
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to medicines' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add medicines' });
    expect(within(dialog).getByLabelText('Date *')).toHaveAttribute('placeholder', 'ex: 01/25/1970');
    expect(within(dialog).getByText('MM-DD-YYYY')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Medicine *'), 'Aspirin');
    await userEvent.type(within(dialog).getByLabelText('Date *'), 'someday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('could not be read');
    expect(alert).toHaveClass('alert-danger');
    expect(screen.queryByText('Added successfully')).not.toBeInTheDocument();
  });

  it('sends the condition values of the chronic and genetic forms', async () => {
    let sent: FormData | null = null;
    serve(makeHistory());
    server.use(
      http.post('/api/history/genetic_disease', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ message: 'Added successfully', _id: 'g9' });
      }),
    );
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to genetic diseases' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add genetic diseases' });
    const condition = within(dialog).getByLabelText('Condition');
    expect(
      within(condition)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['cured', 'still not cured']);
    await userEvent.type(within(dialog).getByLabelText('Disease *'), 'Haemophilia');
    await userEvent.selectOptions(condition, 'still not cured');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect((sent as unknown as FormData).get('cured')).toBe('false');
  });

  it('removes her own entry only after she confirms, then offers Undo, which restores it', async () => {
    let current = filled;
    const calls: string[] = [];
    serve(current);
    server.use(
      http.get('/api/history/', () => HttpResponse.json({ history: current })),
      http.delete('/api/history/medicines/', ({ request }) => {
        calls.push(`delete ${new URL(request.url).searchParams.get('medicine')}`);
        current = { ...filled, medicines: [] };
        return HttpResponse.json({ message: 'Removed successfully' });
      }),
      http.post('/api/history/medicines/restore', ({ request }) => {
        calls.push(`restore ${new URL(request.url).searchParams.get('medicine')}`);
        current = filled;
        return HttpResponse.json({ message: 'Restored' });
      }),
    );
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Vitamin D3' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove this entry?' });
    expect(dialog).toHaveTextContent('“Vitamin D3” will be removed from your medical history. You can undo this for a few seconds.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    expect(screen.getByRole('row', { name: /Vitamin D3/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Vitamin D3' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove this entry?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('There are no medicines yet')).toBeInTheDocument();
    expect(await screen.findByText('Removed “Vitamin D3”.')).toBeInTheDocument();
    expect(calls).toEqual(['delete m1']);
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('row', { name: /Vitamin D3/ })).toBeInTheDocument();
    expect(calls).toEqual(['delete m1', 'restore m1']);
    await waitFor(() => expect(screen.queryByText('Removed “Vitamin D3”.')).not.toBeInTheDocument());
  });

  it('hides a doctor’s entry after confirming: gone from her view, back with "Show hidden entries", and Undo shows it again', async () => {
    let current = filled;
    const calls: string[] = [];
    const withHidden = (hidden: boolean): History => ({ ...filled, diagnosis: filled.diagnosis.map((d) => (d._id === 'd1' ? { ...d, hidden } : d)) });
    serve(current);
    server.use(
      http.get('/api/history/', () => HttpResponse.json({ history: current })),
      http.post('/api/history/diagnosis/hide', ({ request }) => {
        calls.push(`hide ${new URL(request.url).searchParams.get('diagnosis')}`);
        current = withHidden(true);
        return HttpResponse.json({ message: 'Hidden from your view' });
      }),
      http.post('/api/history/diagnosis/unhide', ({ request }) => {
        calls.push(`unhide ${new URL(request.url).searchParams.get('diagnosis')}`);
        current = withHidden(false);
        return HttpResponse.json({ message: 'Shown again' });
      }),
    );
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    await userEvent.click(await screen.findByRole('button', { name: 'Hide Hypertension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this entry?' });
    expect(dialog).toHaveTextContent('your doctors and the access log still see it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Hypertension/ })).not.toBeInTheDocument());
    expect(await screen.findByText('Hidden “Hypertension”.')).toBeInTheDocument();
    expect(calls).toEqual(['hide d1']);

    await userEvent.click(screen.getByRole('switch', { name: 'Show hidden entries (1)' }));
    const row = screen.getByRole('row', { name: /Hypertension/ });
    expect(within(row).getByText('Hidden')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Show Hypertension again' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: /Show hidden entries/ }));

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('row', { name: /Hypertension/ })).toBeInTheDocument();
    expect(calls).toEqual(['hide d1', 'unhide d1']);
  });

  it('shows no Undo and keeps the row when the server refuses a removal', async () => {
    serve(filled);
    server.use(http.delete('/api/history/medicines/', () => HttpResponse.json({ message: 'This entry is not in your medical history' }, { status: 404 })));
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Vitamin D3' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove this entry?' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('This entry is not in your medical history')).toHaveClass('alert-danger');
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Vitamin D3/ })).toBeInTheDocument();
  });

  it('offers Undo for 8 seconds only', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let current = filled;
      serve(current);
      server.use(
        http.get('/api/history/', () => HttpResponse.json({ history: current })),
        http.delete('/api/history/medicines/', () => {
          current = { ...filled, medicines: [] };
          return HttpResponse.json({ message: 'Removed successfully' });
        }),
      );
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
      await user.click(await screen.findByRole('button', { name: 'Remove Vitamin D3' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Remove this entry?' })).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(7_000);
      });
      expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(1_500);
      });
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });

  it('adds an allergy with its severity', async () => {
    let sent: FormData | null = null;
    serve(makeHistory());
    server.use(
      http.post('/api/history/allergies', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ message: 'Added successfully', _id: 'a9' });
      }),
    );
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to allergies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add allergy' });
    await userEvent.type(within(dialog).getByLabelText('Substance *'), 'Penicillin');
    await userEvent.type(within(dialog).getByLabelText('Reaction'), 'Hives');
    await userEvent.selectOptions(within(dialog).getByLabelText('Severity *'), 'severe');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added successfully')).toHaveClass('alert-success');
    const body = sent as unknown as FormData;
    expect([body.get('substance'), body.get('reaction'), body.get('severity')]).toEqual(['Penicillin', 'Hives', 'severe']);
  });
});

describe('HistoryPage for others', () => {
  it('shows a caring doctor who wrote what, hidden entries included, and no remove or hide buttons or access log', async () => {
    serve({ ...filled, diagnosis: filled.diagnosis.map((d) => (d._id === 'd1' ? { ...d, hidden: true } : d)) });
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(doctor, 'doctor') });
    const row = await screen.findByRole('row', { name: /Hypertension/ });
    expect(within(row).getByText('Hidden by the patient')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Allergy/ })).getByText('Self-reported')).toBeInTheDocument();
    expect(screen.queryByText('You are viewing this medical history read-only.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Remove|Hide) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Show hidden entries/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Who viewed my record' })).not.toBeInTheDocument();
  });

  it('lets a caring doctor add a diagnosis with a visit note to his patient’s history', async () => {
    let sent: { patient: string | null; body: FormData } | null = null;
    serve(makeHistory());
    server.use(
      http.post('/api/history/diagnosis', async ({ request }) => {
        sent = { patient: new URL(request.url).searchParams.get('patient'), body: await request.formData() };
        return HttpResponse.json({ message: 'Added successfully', _id: 'd8' });
      }),
    );
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(doctor, 'doctor') });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to diagnosis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add diagnosis' });
    expect(dialog).toHaveTextContent('This entry will be signed with your name.');
    expect(within(dialog).queryByLabelText('Told to me by (optional)')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Diagnosis *'), 'Acute bronchitis');
    await userEvent.type(within(dialog).getByLabelText('Visit note'), 'Chest clear');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added successfully')).toHaveClass('alert-success');
    const request = sent as unknown as { patient: string | null; body: FormData };
    expect(request.patient).toBe(patientId);
    expect(request.body.get('notes')).toBe('Chest clear');
  });

  it('is read-only for anyone else the server lets read it', async () => {
    serve(filled);
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(testUser({ _id: 'cc0000000000000000000002' })) });
    expect(await screen.findByRole('row', { name: /Hypertension/ })).toBeInTheDocument();
    expect(screen.getByText('You are viewing this medical history read-only.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add to / })).not.toBeInTheDocument();
  });

  it('hides the pregnancy row for a male patient', async () => {
    serve(makeHistory({ patient: { ...makeHistory().patient, gender: 'male' } }));
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    await screen.findByRole('heading', { name: 'Sara Ali' });
    expect(screen.queryByText('Pregnancy')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal instead of a broken page', async () => {
    server.use(
      http.get('/api/history/', () =>
        HttpResponse.json({ message: 'Only the patient and the doctors they have booked can open this medical history' }, { status: 403 }),
      ),
    );
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(testUser({ _id: 'cc0000000000000000000001' })) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the patient and the doctors they have booked can open this medical history');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toBeInTheDocument();
  });

  it('asks a guest to log in and makes no history call', async () => {
    renderWithProviders(<HistoryPage />, where);
    expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/account/login');
  });
});

describe('HistoryPage: prescriptions', () => {
  it('lets her doctor write a prescription, then reloads the history for its medicines', async () => {
    let reads = 0;
    const bodies: unknown[] = [];
    serve(makeHistory());
    server.use(
      http.get('/api/history/', () => {
        reads += 1;
        return HttpResponse.json({ history: makeHistory() });
      }),
      http.post('/api/prescriptions', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'The prescription is written', prescription: { _id: 'rx-9', code: 'RX-AAAA-BBBB' } });
      }),
    );
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(doctor, 'doctor') });
    await userEvent.click(await screen.findByRole('button', { name: 'Write prescription' }));
    const dialog = await screen.findByRole('dialog', { name: /^Write a prescription for/ });
    await userEvent.type(within(dialog).getByLabelText('Or a medicine not in the catalogue'), 'Paracetamol drops');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Write prescription' }));
    expect(await screen.findByText('The prescription is written (RX-AAAA-BBBB)')).toBeInTheDocument();
    expect(bodies).toMatchObject([{ patient: patientId, lines: [{ medicine: 'Paracetamol drops' }] }]);
    await waitFor(() => expect(reads).toBe(2));
  }, 20_000);

  it('does not offer it to the patient herself', async () => {
    serve(makeHistory());
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    await screen.findByLabelText(/^Show hidden entries/);
    expect(screen.queryByRole('button', { name: 'Write prescription' })).not.toBeInTheDocument();
  });
});
