import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import BlogsPage from './BlogsPage';
import { testBlogs } from './testing/data';

const appState = (error: string | null) => ({ app: { loading: false, error, ready: true } });

describe('BlogsPage', () => {
  it('lists the posts newest first, hides an Unauthorized global error and filters with the side panel', async () => {
    server.use(http.get('/api/blog', () => HttpResponse.json({ blogs: testBlogs(4) })));
    renderWithProviders(<BlogsPage />, { preloadedState: appState('Unauthorized') });
    await screen.findByRole('heading', { level: 2, name: 'Post number 4' });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles.slice(0, 4)).toEqual(['Post number 4', 'Post number 3', 'Post number 2', 'Post number 1']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.querySelector('.blog-entry__image img')).toHaveAttribute('src', 'https://cdn.clinic.test/post-4.png');

    await userEvent.click(screen.getByRole('button', { name: /Nutrition/ }));
    expect(
      screen
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent)
        .slice(0, 2),
    ).toEqual(['Post number 4', 'Post number 2']);
    await userEvent.click(screen.getByRole('button', { name: /Nutrition/ }));
    await userEvent.type(screen.getByLabelText('Search articles'), 'number 3');
    expect(screen.getByRole('heading', { level: 2, name: 'Post number 3' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Post number 1' })).not.toBeInTheDocument();
  });

  it('names the clinic’s blog categories in Arabic, on the posts and in the side panel', async () => {
    server.use(http.get('/api/blog', () => HttpResponse.json({ blogs: testBlogs(2) })));
    await showArabic();
    try {
      renderWithProviders(<BlogsPage />, { preloadedState: appState(null) });
      await screen.findByRole('heading', { level: 2, name: 'Post number 2' });
      expect(screen.getByRole('button', { name: /التغذية/ })).toBeInTheDocument();
      expect(screen.getAllByText('صحة القلب').length).toBeGreaterThan(1);
      expect(screen.queryByText('Nutrition')).not.toBeInTheDocument();
    } finally {
      await showEnglish();
    }
  });

  it('shows another global error in red', async () => {
    server.use(http.get('/api/blog', () => HttpResponse.json({ blogs: testBlogs(1) })));
    renderWithProviders(<BlogsPage />, { preloadedState: appState('The clinic server is under maintenance') });
    expect(await screen.findByRole('alert')).toHaveTextContent('The clinic server is under maintenance');
  });

  it("says 'There are no blogs found' after 10 seconds with none loaded", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server.use(
        http.get('/api/blog', async () => {
          await delay('infinite');
          return HttpResponse.json({ blogs: [] });
        }),
      );
      renderWithProviders(<BlogsPage />);
      expect(screen.getByRole('status')).toHaveTextContent('Loading blogs…');
      await act(async () => {
        vi.advanceTimersByTime(9_000);
      });
      expect(screen.queryByText('There are no blogs found')).not.toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(1_100);
      });
      expect(screen.getByText('There are no blogs found')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
