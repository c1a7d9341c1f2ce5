import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { testUser } from '../../testing/handlers';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import BlogCreatePage from './BlogCreatePage';
import { testBlogs } from './testing/data';

const doctor = () => signedIn(testUser({ _id: '6078afb1fb33703fe4a1414b', name: 'Dr. Ahmed Hassan', roles: ['doctor'] }), 'doctor');
const categories = [
  { _id: 'c1', name: 'Heart Health', slug: 'heart-health' },
  { _id: 'c2', name: 'Nutrition', slug: 'nutrition' },
];

async function fillForm() {
  await userEvent.type(screen.getByLabelText('Title*'), 'Walking after meals');
  const editor = await screen.findByRole('textbox', { name: 'Content*' });
  await userEvent.click(editor);
  await userEvent.keyboard('Ten minutes of walking lowers blood sugar.');
  await userEvent.upload(screen.getByLabelText('Thumbnail*'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'walk.png', { type: 'image/png' }));
  await userEvent.selectOptions(await screen.findByLabelText('Category*'), await screen.findByRole('option', { name: 'Nutrition' }));
  await userEvent.type(screen.getByLabelText('Keywords'), 'walking  sugar');
}

describe('BlogCreatePage', () => {
  it('sends title, HTML content, thumbnail, category and keywords, then confirms with a link to the blogs', async () => {
    let sent: FormData | null = null;
    server.use(
      http.get('/api/blog/category', () => HttpResponse.json({ categories })),
      http.post('/api/blog', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ message: 'Your blog is published', blog: testBlogs(1)[0] });
      }),
    );
    renderWithProviders(<BlogCreatePage />, { preloadedState: doctor() });
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    const done = await screen.findByText(/You just added a new blog successfully/);
    expect(done.closest('.alert')).toHaveClass('alert-success');
    await waitFor(() => expect(done.closest('.alert')).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Go to the blogs' })).toHaveAttribute('href', '/blogs');
    expect(sent!.get('title')).toBe('Walking after meals');
    expect(sent!.get('content')).toContain('Ten minutes of walking lowers blood sugar.');
    expect(sent!.get('category')).toBe('nutrition');
    expect(sent!.get('slug')).toBe('nutrition');
    expect(sent!.get('keywords')).toBe('walking,sugar');
    // jsdom's File does not survive the trip into the test server's FormData intact; the journey in Chromium checks the upload itself.
    expect(sent!.has('thumbnail')).toBe(true);
    await waitFor(() => expect(screen.getByLabelText('Title*')).toHaveValue(''));
  });

  it("shows the server's message in red when publishing fails", async () => {
    server.use(
      http.get('/api/blog/category', () => HttpResponse.json({ categories })),
      http.post('/api/blog', () => HttpResponse.json({ message: 'Please choose a thumbnail image' }, { status: 400 })),
    );
    renderWithProviders(<BlogCreatePage />, { preloadedState: doctor() });
    await userEvent.type(screen.getByLabelText('Title*'), 'No picture');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please choose a thumbnail image');
    expect(alert).toHaveClass('alert-danger');
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('has a keyboard-operable formatting toolbar with one tab stop', async () => {
    server.use(http.get('/api/blog/category', () => HttpResponse.json({ categories })));
    renderWithProviders(<BlogCreatePage />, { preloadedState: doctor() });
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' });
    const buttons = ['Bold', 'Italic', 'Heading', 'Bulleted list', 'Numbered list', 'Link'].map((name) => screen.getByRole('button', { name }));
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1, -1]);
    buttons[0].focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(buttons[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(buttons[5]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const address = await screen.findByLabelText('Link address');
    await userEvent.clear(address);
    await userEvent.type(address, 'javascript:alert(1){Enter}');
    expect(await screen.findByText('Enter a full address starting with https:// (or mailto:)')).toBeInTheDocument();
    expect(toolbar).toBeInTheDocument();
  });

  it('tells a patient that only doctors can add blogs', () => {
    renderWithProviders(<BlogCreatePage />, { preloadedState: signedIn(testUser(), 'patient') });
    expect(screen.getByText('Only doctors can add blogs.')).toBeInTheDocument();
  });
});
