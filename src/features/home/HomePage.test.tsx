import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { showArabic, showEnglish } from '../../testing/language';
import { testBlogs } from '../blogs/testing/data';
import HomePage from './HomePage';

const slides = [
  {
    image: 'http://cdn.clinic.test/slide-1.png',
    title: 'Your health, our priority',
    description: 'Specialists in eight departments.',
    link: '/doctors',
    textOnLink: 'Find a doctor',
  },
  { image: '/uploads/slide-2.svg', title: 'A pharmacy at your door', description: 'Order medicines.', link: '/shop', textOnLink: 'Visit the shop' },
];
const menu = (name: string, titles: string[]) => [
  {
    _id: `${name}-menu`,
    name,
    description: `${name} description`,
    items: titles.map((title, i) => ({ _id: `${name}${i}`, title, link: `/${name}-${i}`, icon: 'fa fa-user-md' })),
  },
];
const doctors = [
  { _id: 'd1', name: 'Dr. Ahmed Hassan', image: 'http://cdn.clinic.test/ahmed.png', specialization: 'Cardiology', rate: 4.5 },
  { _id: 'd2', name: 'Dr. Mona Saleh', image: '/uploads/mona.svg', specialization: 'Dental', rate: 2 },
];

function homeHandlers() {
  server.use(
    http.get('/api/cms/slider', () => HttpResponse.json({ slides })),
    http.get('/api/cms/menu/', ({ request }) => {
      const name = new URL(request.url).searchParams.get('menu');
      return HttpResponse.json({
        menu:
          name === 'features' ? menu('features', ['Find a doctor', 'Online pharmacy']) : menu('benefits', ['Experienced specialists', 'Licensed pharmacists']),
      });
    }),
    http.get('/api/top-doctors', () => HttpResponse.json({ doctors })),
    http.get('/api/blog', () => HttpResponse.json({ blogs: testBlogs(4) })),
  );
}

describe('HomePage', () => {
  it('shows every section from the server data', async () => {
    homeHandlers();
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'Your health, our priority' })).toBeInTheDocument();
    const firstSlide = screen.getByRole('group', { name: '1 of 2' });
    expect(firstSlide.querySelector('img')).toHaveAttribute('src', 'https://cdn.clinic.test/slide-1.png');
    expect(within(firstSlide).getByRole('link', { name: 'Find a doctor' })).toHaveAttribute('href', '/doctors');

    const features = screen.getByRole('region', { name: 'Welcome to Nile Clinic' });
    expect(await within(features).findByRole('link', { name: 'Online pharmacy' })).toHaveAttribute('href', '/features-1');
    expect(within(features).getByText('features description')).toBeInTheDocument();

    const benefits = document.getElementById('benefits')!;
    expect(await within(benefits).findByText('Licensed pharmacists')).toBeInTheDocument();
    expect(within(benefits).getByText('benefits description')).toBeInTheDocument();

    const topDoctors = screen.getByRole('region', { name: 'Our top doctors' });
    expect(await within(topDoctors).findByRole('heading', { name: 'Dr. Ahmed Hassan' })).toBeInTheDocument();
    expect(within(topDoctors).getByAltText('Dr. Ahmed Hassan')).toHaveAttribute('src', 'https://cdn.clinic.test/ahmed.png');
    expect(within(topDoctors).getAllByText('Top rated')).toHaveLength(1);
    expect(within(topDoctors).getByRole('link', { name: 'View profile of Dr. Mona Saleh' })).toHaveAttribute('href', '/doctor/Dr.%20Mona%20Saleh');

    expect(screen.getByRole('link', { name: '+20 2 3761 4400' })).toHaveAttribute('href', 'tel:+20237614400');

    const latest = screen.getByRole('region', { name: 'Latest articles' });
    await within(latest).findByRole('link', { name: 'Post number 4' });
    const titles = within(latest)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Post number 4', 'Post number 3', 'Post number 2']);
    expect(within(latest).getByRole('link', { name: 'Post number 3' })).toHaveAttribute('href', '/blogs/post-3');

    expect(screen.getByRole('region', { name: 'What our patients say' })).toHaveTextContent('Mariam Fathy');
  });

  it("stores the server's message as the global error when home data fails", async () => {
    homeHandlers();
    server.use(http.get('/api/top-doctors', () => HttpResponse.json({ message: 'The doctors list is unavailable right now' }, { status: 503 })));
    const { store } = renderWithProviders(<HomePage />);
    await waitFor(() => expect(store.getState().app.error).toBe('The doctors list is unavailable right now'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The doctors list is unavailable right now');
    expect(await screen.findByRole('heading', { name: 'Your health, our priority' })).toBeInTheDocument();
  });

  it("asks for the slides again in Arabic when the language changes, and shows the clinic's Arabic", async () => {
    homeHandlers();
    server.use(
      http.get('/api/cms/slider', ({ request }) =>
        HttpResponse.json({ slides: request.headers.get('accept-language') === 'ar' ? [{ ...slides[0], title: 'صحتك أولويتنا' }] : slides }),
      ),
    );
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'Your health, our priority' })).toBeInTheDocument();
    try {
      await showArabic();
      expect(await screen.findByRole('heading', { name: 'صحتك أولويتنا' })).toBeInTheDocument();
    } finally {
      await showEnglish();
    }
  });

  it('moves between slides with labelled buttons and can pause', async () => {
    homeHandlers();
    renderWithProviders(<HomePage />);
    await screen.findByRole('heading', { name: 'A pharmacy at your door' });
    const second = screen.getByRole('group', { name: '2 of 2' });
    expect(second).toHaveAttribute('inert');
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    await waitFor(() => expect(second).not.toHaveAttribute('inert'));
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('button', { name: 'Play' })).toBeInTheDocument();
  });
});
