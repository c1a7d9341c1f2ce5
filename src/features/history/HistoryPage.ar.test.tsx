import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { isolate } from '../../../shared/bidi-isolate';
import { showArabic, showEnglish } from '../../testing/language';
import { testUser } from '../../testing/handlers';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import { formatDateTime } from '../../ui/clinicTime';
import HistoryPage from './HistoryPage';
import { doctorRead, makeHistory, patientId } from './testing/fixtures';

const byDoctor = {
  doctor: { name: 'Dr. Ahmed Hassan' },
  author: { _id: 'dd00000000000000000000d1', name: 'Dr. Ahmed Hassan', role: 'doctor' as const },
  self_reported: false,
};
const history = makeHistory({
  diagnosis: [
    { _id: 'd1', diagnosis: 'Hypertension', notes: 'Review in 3 months.', ...byDoctor, hidden: false },
    { _id: 'd3', diagnosis: 'Asthma', notes: '', ...byDoctor, hidden: true },
    { _id: 'd2', diagnosis: 'Allergy', notes: '', doctor: null, self_reported: true },
  ],
});
const log = [doctorRead];

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
    // A note written in English keeps its own direction on the Arabic page (its full stop at its end).
    expect(screen.getByText('Review in 3 months.').tagName).toBe('BDI');
    // Each button's name begins with the word it shows (WCAG 2.5.3 Label in Name), so saying that word reaches it.
    expect(screen.getByRole('button', { name: `حذف ${isolate('Allergy')}` })).toHaveTextContent('حذف');
    expect(screen.getByRole('button', { name: `إخفاء ${isolate('Hypertension')}` })).toHaveTextContent('إخفاء');
    await userEvent.click(screen.getByRole('switch', { name: /اعرض البيانات المخفية/ }));
    expect(await screen.findByRole('button', { name: `إظهار ${isolate('Asthma')} من جديد` })).toHaveTextContent('إظهار');
    const logPanel = screen.getByRole('region', { name: 'من اطّلع على سجلّي' });
    const doctorRow = await within(logPanel).findByRole('row', { name: /د\. .?Ahmed Hassan/ });
    expect(doctorRow).toHaveTextContent('فتح سجلّك');
    expect(doctorRow).toHaveTextContent('طبيب');
    const when = formatDateTime(log[0].created_at);
    expect(when).toMatch(/[٠-٩]/);
    expect(within(doctorRow).getByText(when)).toBeInTheDocument();
  });
});
