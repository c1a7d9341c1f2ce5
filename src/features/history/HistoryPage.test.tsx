import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { testUser } from '../../testing/handlers';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import HistoryPage from './HistoryPage';
import type { AccessEntry, History } from './types';

const patientId = '6078afb1fb33703fe4a1414a';
const patient = testUser();
const doctor = testUser({ _id: 'aa00000000000000000000a1', name: 'Dr. Ahmed Hassan', gender: 'male', roles: ['doctor'] });
const where = { route: `/history/${patientId}`, path: '/history/:userId' };

function makeHistory(overrides: Partial<History> = {}): History {
  return {
    _id: 'hh00000000000000000000a1',
    patient: { _id: patientId, name: 'Sara Ali', image: '', phone: '01001234567', email: 'patient@clinic.test', gender: 'female' },
    currentState: 'Stable',
    blood_type: 'A+',
    pregnancy: false,
    height: '165',
    weight: '62',
    medicines: [],
    diagnosis: [],
    chronic_diseases: [],
    genetic_disease: [],
    surgeries: [],
    continuous_medications: [],
    laboratory_tests: [],
    ...overrides,
  };
}

const filled = makeHistory({
  medicines: [{ _id: 'm1', medicine: 'Vitamin D3', date: '2025-09-01T12:00:00.000Z' }],
  diagnosis: [
    { _id: 'd1', diagnosis: 'Hypertension', notes: 'Monitor at home', doctor: { name: 'Dr. Ahmed Hassan' } },
    { _id: 'd2', diagnosis: 'Allergy', notes: '', doctor: null },
  ],
  genetic_disease: [{ _id: 'g1', disease: 'Thalassaemia minor', injured: 'Mother', cured: true }],
  laboratory_tests: [{ _id: 'l1', lab: 'Complete blood count', name: 'Cairo Lab', result: '/uploads/cbc.png' }],
});

const log: AccessEntry[] = [
  { _id: 'a2', actor: { _id: doctor._id, name: 'Dr. Ahmed Hassan', role: 'doctor' }, action: 'read', target: 'history', outcome: 'allowed', created_at: '2026-03-02T10:00:00.000Z' },
  { _id: 'a1', actor: { _id: 'bb0000000000000000000001', name: 'Omar Khaled', role: 'patient' }, action: 'read', target: 'history', outcome: 'denied', created_at: '2026-03-01T10:00:00.000Z' },
  { _id: 'a0', actor: { _id: patientId, name: 'Sara Ali', role: 'patient' }, action: 'add', target: 'diagnosis', outcome: 'allowed', created_at: '2026-02-28T10:00:00.000Z' },
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
    ]) {
      expect(screen.getByText(empty)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: /^Add to / })).toHaveLength(7);
  });

  it('shows entries with remove buttons, dates as day - month - year, a dash for no doctor, and the access log without her own visits', async () => {
    serve(filled);
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    const hypertension = await screen.findByRole('row', { name: /Hypertension/ });
    expect(within(hypertension).getByText('Dr. Ahmed Hassan')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Allergy/ })).getAllByText('-')).toHaveLength(2);
    expect(screen.getByText('01 - 09 - 2025')).toBeInTheDocument();
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
        const entry = { ...log[0], _id: `e${page}`, reason: page === '1' ? 'Holds an upcoming appointment with her on 2026-12-01' : 'Saw her on 2026-11-01; access lasts 30 days after the appointment' };
        return HttpResponse.json({ entries: [entry], page: Number(page), pages: 2, total: 51, guestRefusals: [{ address: '203.0.113.9', count: 40, first_at: '2026-11-20T10:00:00.000Z', last_at: '2026-11-21T10:00:00.000Z' }] });
      }),
    );
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    const logPanel = await screen.findByRole('region', { name: 'Who viewed my record' });
    expect(await within(logPanel).findByText('Holds an upcoming appointment with her on 2026-12-01')).toBeInTheDocument();
    expect(within(logPanel).getByText(/40 attempts from the address 203\.0\.113\.9/)).toBeInTheDocument();
    await userEvent.click(within(logPanel).getByRole('button', { name: 'Older entries' }));
    expect(await within(logPanel).findByText('Saw her on 2026-11-01; access lasts 30 days after the appointment')).toBeInTheDocument();
    expect(within(logPanel).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(asked).toContain('2');
  });

  it('adds a diagnosis: sends the form, shows "Added successfully" in green, reloads and closes the modal', async () => {
    let current = makeHistory();
    let sent: FormData | null = null;
    serve(current);
    server.use(
      http.get('/api/history/', () => HttpResponse.json({ history: current })),
      http.post('/api/history/diagnosis', async ({ request }) => {
        sent = await request.formData();
        current = makeHistory({ diagnosis: [{ _id: 'd9', diagnosis: 'Migraine', notes: 'With aura', doctor: { name: 'Dr. Ahmed Hassan' } }] });
        return HttpResponse.json({ message: 'Added successfully', _id: 'd9' });
      }),
    );
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to diagnosis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add diagnosis' });
    await userEvent.type(within(dialog).getByLabelText('Diagnosis *'), 'Migraine');
    await userEvent.type(within(dialog).getByLabelText('Notes'), 'With aura');
    const select = within(dialog).getByLabelText('Doctor');
    await within(select).findByRole('option', { name: 'Dr. Ahmed Hassan' });
    await userEvent.selectOptions(select, 'Dr. Ahmed Hassan');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added successfully')).toHaveClass('alert-success');
    expect(await screen.findByRole('row', { name: /Migraine/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = sent as unknown as FormData;
    expect(body.get('diagnosis')).toBe('Migraine');
    expect(body.get('notes')).toBe('With aura');
    expect(body.get('doctor')).toBe(doctor._id);
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
    expect(within(condition).getAllByRole('option').map((o) => o.textContent)).toEqual(['cured', 'still not cured']);
    await userEvent.type(within(dialog).getByLabelText('Disease *'), 'Haemophilia');
    await userEvent.selectOptions(condition, 'still not cured');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect((sent as unknown as FormData).get('cured')).toBe('false');
  });

  it('removes an entry with its own parameter, reloads and clears the message', async () => {
    let current = filled;
    let removed: string | null = null;
    serve(current);
    server.use(
      http.get('/api/history/', () => HttpResponse.json({ history: current })),
      http.delete('/api/history/medicines/', ({ request }) => {
        removed = new URL(request.url).searchParams.get('medicine');
        current = { ...filled, medicines: [] };
        return HttpResponse.json({ message: 'Removed successfully' });
      }),
    );
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Vitamin D3' }));
    expect(await screen.findByText('There are no medicines yet')).toBeInTheDocument();
    expect(removed).toBe('m1');
  });
});

describe('HistoryPage for others', () => {
  it('is read-only for a doctor: no add or remove buttons and no access log', async () => {
    serve(filled);
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(doctor, 'doctor') });
    expect(await screen.findByRole('row', { name: /Hypertension/ })).toBeInTheDocument();
    expect(screen.getByText('You are viewing this medical history read-only.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add to / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Who viewed my record' })).not.toBeInTheDocument();
  });

  it('hides the pregnancy row for a male patient', async () => {
    serve(makeHistory({ patient: { ...makeHistory().patient, gender: 'male' } }));
    renderWithProviders(<HistoryPage />, { ...where, preloadedState: signedIn(patient) });
    await screen.findByRole('heading', { name: 'Sara Ali' });
    expect(screen.queryByText('Pregnancy')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal instead of a broken page', async () => {
    server.use(
      http.get('/api/history/', () => HttpResponse.json({ message: 'Only the patient and the doctors they have booked can open this medical history' }, { status: 403 })),
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
