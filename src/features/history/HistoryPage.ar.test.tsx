import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { showArabic, showEnglish } from '../../testing/language';
import { testUser } from '../../testing/handlers';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import { formatDateTime } from '../../ui/clinicTime';
import HistoryPage from './HistoryPage';
import type { AccessEntry, History } from './types';

const patientId = '6078afb1fb33703fe4a1414a';
const history: History = {
  _id: 'hh00000000000000000000a1',
  patient: { _id: patientId, name: 'Sara Ali', image: '', phone: '01001234567', email: 'patient@clinic.test', gender: 'female' },
  currentState: 'Stable',
  blood_type: 'A+',
  pregnancy: false,
  height: '165',
  weight: '62',
  medicines: [],
  diagnosis: [{ _id: 'd2', diagnosis: 'Allergy', notes: '', doctor: null, self_reported: true }],
  chronic_diseases: [],
  genetic_disease: [],
  surgeries: [],
  continuous_medications: [],
  laboratory_tests: [],
};
const log: AccessEntry[] = [
  {
    _id: 'a2',
    actor: { _id: 'aa00000000000000000000a1', name: 'Dr. Ahmed Hassan', role: 'doctor' },
    action: 'read',
    target: 'history',
    outcome: 'allowed',
    created_at: '2026-03-02T10:00:00.000Z',
  },
];

describe('HistoryPage in Arabic', () => {
  beforeEach(showArabic);
  afterEach(showEnglish);

  it('shows the record, its sections and the access log in Arabic, times in Arabic digits', async () => {
    server.use(
      http.get('/api/history/', () => HttpResponse.json({ history })),
      http.get('/api/history/access-log/', () => HttpResponse.json({ entries: log })),
    );
    renderWithProviders(<HistoryPage />, { route: `/history/${patientId}`, path: '/history/:userId', preloadedState: signedIn(testUser()) });
    expect(screen.getByRole('heading', { name: 'السجلّ الطبي' })).toBeInTheDocument();
    expect(await screen.findByText('لم تُضف أي حساسية بعد.')).toBeInTheDocument();
    expect(screen.getByText('١٦٥ سم')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'احذف Allergy' })).toBeInTheDocument();
    const logPanel = screen.getByRole('region', { name: 'من اطّلع على سجلّي' });
    const doctorRow = await within(logPanel).findByRole('row', { name: /Dr\. Ahmed Hassan/ });
    expect(doctorRow).toHaveTextContent('فتح سجلّك');
    expect(doctorRow).toHaveTextContent('طبيب');
    const when = formatDateTime(log[0].created_at);
    expect(when).toMatch(/[٠-٩]/);
    expect(within(doctorRow).getByText(when)).toBeInTheDocument();
  });
});
