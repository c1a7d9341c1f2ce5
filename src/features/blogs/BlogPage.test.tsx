import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import BlogPage from './BlogPage';
import { testBlogs } from './testing/data';

const longText = 'Salt hides in bread and cheese. '.repeat(12);
const post = {
  ...testBlogs(1)[0],
  slug: 'salt-and-your-heart',
  title: 'Salt and your heart',
  thumbnail: 'http://cdn.clinic.test/salt.png',
  created_at: '2026-03-14T12:00:00.000Z',
  content: `<h2>Why salt matters</h2><p onclick="steal()">${longText}</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true" alt="chart"><a href="javascript:alert(1)">bad link</a><img src="/uploads/stored-before.png"><img alt="no address">`,
};

describe('BlogPage', () => {
  it('shows the post: https thumbnail, date label, fixed author and count, sanitized content and share links', async () => {
    server.use(
      http.get('/api/blog/', ({ request }) => {
        const slug = new URL(request.url).searchParams.get('slug');
        if (slug) return HttpResponse.json({ blog: slug === post.slug ? [post] : [] });
        return HttpResponse.json({ blogs: testBlogs(3) });
      }),
      http.get('/api/blog', () => HttpResponse.json({ blogs: testBlogs(3) })),
    );
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWithProviders(<BlogPage />, { route: '/blogs/salt-and-your-heart', path: '/blogs/:slug' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the article…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Salt and your heart' })).toBeInTheDocument();
    const article = screen.getByRole('article');
    expect(within(article).getByAltText('Salt and your heart')).toHaveAttribute('src', 'https://cdn.clinic.test/salt.png');
    expect(article.querySelector('.date-badge')).toHaveTextContent('14Mar');
    expect(article).toHaveTextContent('By admin');
    expect(article).toHaveTextContent('Heart Health');
    expect(article).toHaveTextContent('15 comments');
    expect(article).toHaveTextContent('03 comments');

    const content = article.querySelector('.blog-post__content')!;
    expect(content).toHaveAttribute('dir', 'auto');
    expect(within(content as HTMLElement).getByRole('heading', { name: 'Why salt matters' })).toBeInTheDocument();
    expect(content.innerHTML).not.toMatch(/script|onerror|onclick|javascript:/);
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
    // A post stored before the server's image rule: an image without an address goes, one without a
    // text alternative is shown as decorative.
    const images = [...content.querySelectorAll('img')].map((img) => [img.getAttribute('src'), img.getAttribute('alt')]);
    expect(images).toEqual([
      ['x', 'chart'],
      ['/uploads/stored-before.png', ''],
    ]);

    await userEvent.click(await screen.findByRole('button', { name: 'Share on LinkedIn' }));
    const shared = new URL(String(open.mock.calls[0][0]));
    expect(shared.searchParams.get('title')).toBe('Check: Salt and your heart');
    expect(shared.searchParams.get('url')).toBe(window.location.href);
    const summary = shared.searchParams.get('summary')!;
    expect(summary).toHaveLength(200);
    expect(summary.startsWith('Why salt matters Salt hides in bread')).toBe(true);
    expect(summary).not.toContain('<');
    await userEvent.click(screen.getByRole('button', { name: 'Share on WhatsApp' }));
    expect(decodeURIComponent(String(open.mock.calls[1][0]))).toContain('Check: Salt and your heart');
    for (const name of ['Share on Facebook', 'Share on Twitter']) expect(screen.getByRole('button', { name })).toBeInTheDocument();

    for (const label of ['Name*', 'E-Mail*', 'Website*', 'Message*']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'leave comment' })).toBeInTheDocument();
    open.mockRestore();
  });

  it("shows the server's message in a red alert when the post cannot be loaded", async () => {
    server.use(
      http.get('/api/blog/', ({ request }) =>
        new URL(request.url).searchParams.get('slug')
          ? HttpResponse.json({ message: 'This blog post does not exist or was removed' }, { status: 404 })
          : HttpResponse.json({ blogs: [] }),
      ),
      http.get('/api/blog', () => HttpResponse.json({ blogs: [] })),
    );
    renderWithProviders(<BlogPage />, { route: '/blogs/gone', path: '/blogs/:slug' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This blog post does not exist or was removed');
    expect(alert).toHaveClass('alert-danger');
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
  });

  it('says in Arabic that a post the server does not list does not exist', async () => {
    server.use(
      http.get('/api/blog/', ({ request }) => HttpResponse.json(new URL(request.url).searchParams.get('slug') ? { blog: [] } : { blogs: [] })),
      http.get('/api/blog', () => HttpResponse.json({ blogs: [] })),
    );
    await showArabic();
    try {
      renderWithProviders(<BlogPage />, { route: '/blogs/gone', path: '/blogs/:slug' });
      expect(await screen.findByRole('alert')).toHaveTextContent('هذا المقال غير موجود أو تمت إزالته');
    } finally {
      await showEnglish();
    }
  });
});
