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
  await userEvent.keyboard('Ten minutes of walking ');
  const bold = screen.getByRole('button', { name: 'Bold' });
  expect(bold).toHaveAttribute('aria-pressed', 'false');
  await userEvent.click(bold);
  expect(bold).toHaveAttribute('aria-pressed', 'true');
  await userEvent.keyboard('lowers blood sugar');
  await userEvent.click(bold);
  expect(bold).toHaveAttribute('aria-pressed', 'false');
  await userEvent.keyboard('.');
  await userEvent.upload(screen.getByLabelText('Thumbnail*'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'walk.png', { type: 'image/png' }));
  await userEvent.selectOptions(await screen.findByLabelText('Category*'), await screen.findByRole('option', { name: 'Nutrition' }));
  await userEvent.type(screen.getByLabelText('Keywords'), 'walking  sugar');
}

// Typing into the editor runs ProseMirror on every key: on a busy machine a test takes several seconds.
describe('BlogCreatePage', { timeout: 20_000 }, () => {
  // The page loads its editor lazily; loading it once here keeps each test's wait short on a busy machine.
  beforeAll(() => import('./RichTextEditor'), 30_000);

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
    // What was typed into the editor, as the HTML the server keeps.
    expect(sent!.get('content')).toBe('<p>Ten minutes of walking <strong>lowers blood sugar</strong>.</p>');
    expect(sent!.get('category')).toBe('nutrition');
    expect(sent!.get('slug')).toBe('nutrition');
    expect(sent!.get('keywords')).toBe('walking,sugar');
    // jsdom's File does not survive the trip into the test server's FormData intact; the journey in Chromium checks the upload itself.
    expect(sent!.has('thumbnail')).toBe(true);
    await waitFor(() => expect(screen.getByLabelText('Title*')).toHaveValue(''));
    // A fresh, empty editor for the next post.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Content*' })).toHaveTextContent(''));
  });

  it('turns headings, lists and links into HTML, and sends an editor without text as empty', async () => {
    const sent: FormData[] = [];
    server.use(
      http.get('/api/blog/category', () => HttpResponse.json({ categories })),
      http.post('/api/blog', async ({ request }) => {
        sent.push(await request.formData());
        return HttpResponse.json({ message: 'Please write the content of the blog' }, { status: 400 });
      }),
    );
    renderWithProviders(<BlogCreatePage />, { preloadedState: doctor() });
    const editor = await screen.findByRole('textbox', { name: 'Content*' });
    await userEvent.click(editor);
    await userEvent.keyboard('   ');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByRole('alert');
    // Spaces alone are no content: the server hears '' rather than "<p></p>".
    expect(sent[0].get('content')).toBe('');

    await userEvent.click(editor);
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    const heading = screen.getByRole('button', { name: 'Heading' });
    await userEvent.click(heading);
    expect(heading).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('Why it helps{Enter}');
    expect(heading).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    expect(screen.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('Walk{Enter}Rest{Enter}{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Numbered list' }));
    await userEvent.keyboard('Read ');
    await userEvent.click(screen.getByRole('button', { name: 'Link' }));
    const address = await screen.findByLabelText('Link address');
    await userEvent.clear(address);
    await userEvent.type(address, 'https://example.org/walking{Enter}');
    await waitFor(() => expect(screen.queryByLabelText('Link address')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].get('content')).toBe(
      '<h2>Why it helps</h2><ul><li><p>Walk</p></li><li><p>Rest</p></li></ul><ol><li><p>Read <a target="_blank" rel="noopener noreferrer" href="https://example.org/walking">https://example.org/walking</a></p></li></ol>',
    );
  });

  it('takes pasted rich text as plain text', async () => {
    let sent: FormData | null = null;
    server.use(
      http.get('/api/blog/category', () => HttpResponse.json({ categories })),
      http.post('/api/blog', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ message: 'Please choose a thumbnail image' }, { status: 400 });
      }),
    );
    renderWithProviders(<BlogCreatePage />, { preloadedState: doctor() });
    const editor = await screen.findByRole('textbox', { name: 'Content*' });
    await userEvent.click(editor);
    const clipboard = {
      'text/plain': 'Copied from a website',
      'text/html': '<p style="color:red"><b>Copied</b> from a <a href="https://example.org">website</a></p>',
    };
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(paste, 'clipboardData', {
      value: { types: Object.keys(clipboard), getData: (type: keyof typeof clipboard) => clipboard[type] ?? '' },
    });
    editor.dispatchEvent(paste);
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByRole('alert');
    expect(sent!.get('content')).toBe('<p>Copied from a website</p>');
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
