import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { isolate } from '../../../shared/bidi-isolate';
import { testUser } from '../../testing/handlers';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import PrescriptionPage from './PrescriptionPage';
import PrescriptionsPage from './PrescriptionsPage';
import { prescription, rxLine } from './testing/fixtures';

const offer = (slug: string, pharmacy: string, price: number) => ({
  product: { _id: slug, slug, name: 'Amoxicillin 500 mg' },
  pharmacy: { _id: pharmacy, name: pharmacy },
  price,
  stock: 9,
});

describe('PrescriptionsPage', () => {
  it('lists her prescriptions newest first with status, code, doctor and date', async () => {
    server.use(
      http.get('/api/prescriptions', () =>
        HttpResponse.json({
          prescriptions: [
            prescription({ _id: 'old', code: 'RX-OLD0-0001', issuedAt: '2026-09-01T10:00:00.000Z', status: 'expired' }),
            prescription({ _id: 'new', code: 'RX-NEW0-0002', issuedAt: '2026-11-20T10:00:00.000Z', status: 'valid' }),
          ],
        }),
      ),
    );
    renderWithProviders(<PrescriptionsPage />, { preloadedState: signedIn(testUser()) });
    const list = await screen.findByRole('list', { name: 'Your prescriptions' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]).getByRole('link', { name: 'Prescription RX-NEW0-0002' })).toHaveAttribute('href', '/prescriptions/new');
    expect(items[0]).toHaveTextContent('Valid');
    expect(items[0]).toHaveTextContent('Dr. Omar Hassan · issued 20 Nov 2026');
    expect(items[1]).toHaveTextContent('RX-OLD0-0001');
    expect(items[1]).toHaveTextContent('Expired');
  });

  it('reads in Arabic: the list, the status and the date', async () => {
    server.use(
      http.get('/api/prescriptions', () =>
        HttpResponse.json({ prescriptions: [prescription({ _id: 'new', issuedAt: '2026-11-20T10:00:00.000Z', status: 'valid' })] }),
      ),
    );
    await showArabic();
    try {
      renderWithProviders(<PrescriptionsPage />, { preloadedState: signedIn(testUser()) });
      const list = await screen.findByRole('list', { name: 'وصفاتك الطبية' });
      const item = within(list).getByRole('listitem');
      expect(within(item).getByText('سارية')).toBeInTheDocument();
      expect(item).toHaveTextContent('صدرت في ٢٠ نوفمبر ٢٠٢٦');
    } finally {
      await showEnglish();
    }
  });

  it('names her medicines as a list of the language shown', async () => {
    const lines = [rxLine(), rxLine({ _id: 'line-2', medicine: 'Panadol Extra' }), rxLine({ _id: 'line-3', medicine: 'Zyrtec 10 mg' })];
    server.use(http.get('/api/prescriptions', () => HttpResponse.json({ prescriptions: [prescription({ lines })] })));
    renderWithProviders(<PrescriptionsPage />, { preloadedState: signedIn(testUser()) });
    const item = within(await screen.findByRole('list', { name: 'Your prescriptions' })).getByRole('listitem');
    expect(item).toHaveTextContent('Amoxicillin 500 mg, Panadol Extra and Zyrtec 10 mg');
  });

  it('joins the medicines the Arabic way, each English name kept whole in the right-to-left sentence', async () => {
    const lines = [rxLine(), rxLine({ _id: 'line-2', medicine: 'Panadol Extra' })];
    server.use(http.get('/api/prescriptions', () => HttpResponse.json({ prescriptions: [prescription({ lines })] })));
    await showArabic();
    try {
      renderWithProviders(<PrescriptionsPage />, { preloadedState: signedIn(testUser()) });
      const item = within(await screen.findByRole('list', { name: 'وصفاتك الطبية' })).getByRole('listitem');
      const summary = within(item).getByText((_, element) => element?.tagName === 'P' && element.textContent?.includes('صدرت في') === true);
      expect(summary.textContent).toContain(`${isolate('Amoxicillin 500 mg')} و ${isolate('Panadol Extra')}`);
      // The sentence is Arabic even when its first word is the doctor's English name: it takes the
      // page's direction, not the direction of its first letter (dir="auto" would make it left to right).
      expect(summary.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    } finally {
      await showEnglish();
    }
  });

  it('says so when she has none', async () => {
    server.use(http.get('/api/prescriptions', () => HttpResponse.json({ prescriptions: [] })));
    renderWithProviders(<PrescriptionsPage />, { preloadedState: signedIn(testUser()) });
    expect(await screen.findByText('You have no prescriptions yet')).toBeInTheDocument();
  });
});

describe('PrescriptionPage', () => {
  const render = () =>
    renderWithProviders(<PrescriptionPage />, { route: '/prescriptions/rx-1', path: '/prescriptions/:id', preloadedState: signedIn(testUser()) });

  it('shows the lines, the doctor and licence, and prints', async () => {
    server.use(http.get('/api/prescriptions/rx-1', () => HttpResponse.json({ prescription: prescription() })));
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    render();
    const lines = await screen.findByRole('list', { name: 'Prescribed medicines' });
    expect(lines).toHaveTextContent('Amoxicillin 500 mg');
    for (const text of ['1 capsule', 'every 8 hours', '7 days', 'after meals']) expect(lines).toHaveTextContent(text);
    expect(screen.getByText('EG-12345')).toBeInTheDocument();
    expect(screen.getByText(/Dr\. Omar Hassan/)).toBeInTheDocument();
    expect(screen.getAllByText('RX-7K3M-9Q2X').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
    print.mockRestore();
  });

  it("names the doctor's department in Arabic", async () => {
    const rx = prescription();
    server.use(
      http.get('/api/prescriptions/rx-1', () => HttpResponse.json({ prescription: { ...rx, doctor: { ...rx.doctor, specialization: 'Cardiology' } } })),
    );
    await showArabic();
    try {
      render();
      expect(await screen.findByText(/\(القلب\)/)).toBeInTheDocument();
    } finally {
      await showEnglish();
    }
  });

  it('buys with the pharmacy she picked, and shows what was added and what is unavailable only after the answer', async () => {
    const sent: unknown[] = [];
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const lines = [
      rxLine({ offers: [offer('amox-cheap', 'Nile Pharmacy', 4), offer('amox-dear', 'Delta Pharmacy', 6)] }),
      rxLine({ _id: 'line-2', product: null, medicine: 'Saline nose spray' }),
    ];
    server.use(
      http.get('/api/prescriptions/rx-1', () => HttpResponse.json({ prescription: prescription({ lines }) })),
      http.post('/api/prescriptions/rx-1/cart', async ({ request }) => {
        sent.push(await request.json());
        await answered;
        return HttpResponse.json({
          message: '1 medicine added to your cart',
          added: [{ line: 'line-1', name: 'Amoxicillin 500 mg', pharmacy: 'Delta Pharmacy', quantity: 2, slug: 'amox-dear' }],
          unavailable: [{ line: 'line-2', name: 'Saline nose spray', reason: 'not in the catalogue' }],
        });
      }),
      http.get('/api/cart', () => HttpResponse.json({ cart: [] })),
    );
    render();
    const pharmacy = await screen.findByLabelText('Pharmacy for Amoxicillin 500 mg');
    expect(pharmacy).toHaveValue('amox-cheap');
    await userEvent.selectOptions(pharmacy, 'amox-dear');
    await userEvent.click(screen.getByRole('button', { name: 'Buy prescribed medicines' }));
    expect(await screen.findByRole('button', { name: 'Adding to your cart…' })).toBeDisabled();
    expect(screen.queryByText('1 medicine added to your cart')).not.toBeInTheDocument();
    answer?.();
    expect(await screen.findByText('1 medicine added to your cart')).toBeInTheDocument();
    expect(sent).toEqual([{ choices: { 'line-1': 'amox-dear' } }]);
    expect(screen.getByRole('list', { name: 'Added to your cart' })).toHaveTextContent('Amoxicillin 500 mg × 2 from Delta Pharmacy');
    expect(screen.getByRole('list', { name: 'Unavailable medicines' })).toHaveTextContent('Saline nose spray: not in the catalogue');
  });

  it("shows the server's refusal", async () => {
    server.use(
      http.get('/api/prescriptions/rx-1', () => HttpResponse.json({ prescription: prescription() })),
      http.post('/api/prescriptions/rx-1/cart', () => HttpResponse.json({ message: 'This prescription has expired' }, { status: 400 })),
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Buy prescribed medicines' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This prescription has expired');
  });
});
