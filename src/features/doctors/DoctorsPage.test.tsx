import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import DoctorsPage from './DoctorsPage';
import { cardiologist, dentist } from './testing/fixtures';

// Popups and dialogs load lazily; give them time when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

describe('DoctorsPage', { timeout: 20_000 }, () => {
  it('shows a spinner, then every doctor with a top-rated badge above 3', async () => {
    server.use(
      http.get('/api/doctors', async () => {
        await delay(30);
        return HttpResponse.json({ doctors: [cardiologist, dentist] });
      }),
    );
    renderWithProviders(<DoctorsPage />);
    expect(screen.getByText('Loading doctors…')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'All doctors' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Top rated')).toBeInTheDocument();
    expect(within(cards[1]).queryByText('Top rated')).not.toBeInTheDocument();
    expect(within(cards[0]).getByRole('link', { name: /^View profile of Dr\./ })).toHaveAttribute('href', '/doctor/Ahmed%20Hassan');
    expect(within(cards[0]).getByRole('link', { name: /^Request appointment with Dr\./ })).toHaveAttribute(
      'href',
      '/appointment/request/Ahmed%20Hassan/Cardiology',
    );
  });

  it('offers the nine department buttons and searches the chosen department', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/doctors', ({ request }) => {
        const specialization = new URL(request.url).searchParams.get('specialization');
        asked.push(specialization ?? 'all');
        const doctors = !specialization ? [cardiologist, dentist] : specialization === 'Dental' ? [dentist] : [];
        return HttpResponse.json({ doctors, total: doctors.length, page: 1, pages: 1, timeZone: 'Africa/Cairo' });
      }),
    );
    renderWithProviders(<DoctorsPage />, { route: '/doctors', path: '/doctors' });
    const group = screen.getByRole('group', { name: 'Departments' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Dental', 'Gynaecology', 'Eye', 'Cardiology', 'Orthopaedics', 'Gastroenterology', 'Neurology', 'Medicine']);
    await screen.findByRole('list', { name: 'All doctors' });

    await userEvent.click(within(group).getByRole('button', { name: 'Dental' }));
    const dental = await screen.findByRole('list', { name: 'Dental doctors' });
    expect(within(dental).getAllByRole('article')).toHaveLength(1);
    expect(within(group).getByRole('button', { name: 'Dental' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(group).getByRole('button', { name: 'Neurology' }));
    expect(await screen.findByText('There is no doctor with this specialization yet!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Get All doctors.' }));
    expect(await screen.findByRole('list', { name: 'All doctors' })).toBeInTheDocument();
    expect(asked).toEqual(['all', 'Dental', 'Neurology', 'all']);
  });

  it('reads the search from the address and shows each doctor’s next free slot, rating count and fee', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/doctors', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          doctors: [{ ...cardiologist, nextSlot: '2027-01-16T08:00:00.000Z', fee: 45 }],
          total: 1,
          page: 1,
          pages: 1,
          timeZone: 'Africa/Cairo',
        });
      }),
    );
    renderWithProviders(<DoctorsPage />, { route: '/doctors?q=ahmd&gender=male&sort=rating', path: '/doctors' });
    const card = await screen.findByRole('article');
    expect(within(card).getByText(/Sat,? 16 Jan,? 10:00\s?am/i)).toBeInTheDocument();
    expect(within(card).getByText(/\$45\.00/)).toBeInTheDocument();
    expect(within(card).getByText(/\(2 ratings\)/)).toBeInTheDocument();
    expect(screen.getByLabelText('Search by name or specialty')).toHaveValue('ahmd');
    expect(screen.getByLabelText('Gender')).toHaveValue('male');
    expect(screen.getByLabelText('Sort by')).toHaveValue('rating');
    expect(Object.fromEntries(asked[0]!)).toMatchObject({ q: 'ahmd', gender: 'male', sort: 'rating', page: '1' });
    expect(screen.getByText('1 doctor found')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Search by name or specialty'));
    await userEvent.type(screen.getByLabelText('Search by name or specialty'), 'mona{Enter}');
    await screen.findByText('1 doctor found');
    expect(Object.fromEntries(asked.at(-1)!)).toMatchObject({ q: 'mona', gender: 'male', sort: 'rating' });
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    server.use(http.get('/api/doctors', () => HttpResponse.json({ message: 'The database is resting' }, { status: 503 })));
    renderWithProviders(<DoctorsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is resting');
  });
});
