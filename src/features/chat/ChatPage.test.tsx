import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../testing/server';
import { testUser } from '../../testing/handlers';
import { renderWithProviders, signedIn } from '../../testing/render';
import { ChatBadge } from './ChatBadge';
import ChatPage from './ChatPage';
import { messageStamp } from './chatFormat';
import { fakeChatSocket as fake } from './testing/fakeChatSocket';
import { demoChat, demoMessages, doctorId, otherDoctorId, patientId, secondChat } from './testing/fixtures';

// A synchronous factory: the page and the badge load the service at the same moment.
vi.mock('../../api/socket', () => ({ chatSocket: fake.service }));

const NOTHING = 'You don’t have a message selected. Choose one from your existing messages, or start a new.';
const patient = signedIn(testUser({ _id: patientId }), 'patient');

function chatsAre(body: { sender: boolean; chats: unknown[] }) {
  server.use(http.get('/api/chat', () => HttpResponse.json(body)));
}

function renderChat(route = '/chat', state = patient) {
  return renderWithProviders(
    <>
      <ChatBadge />
      <ChatPage />
    </>,
    { route, preloadedState: state },
  );
}

beforeEach(() => {
  fake.reset();
  chatsAre({ sender: true, chats: [demoChat, secondChat] });
});

describe('ChatPage', () => {
  it('lists conversations with the other party and shows the none-selected text without an input', async () => {
    renderChat();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('button');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Dr. Ahmed Hassan');
    expect(rows[0]).toHaveTextContent('Yes, take it as usual. See you then.');
    expect(rows[0]).toHaveTextContent('21 Nov 2026');
    expect(within(rows[0]).getByRole('img', { name: 'Dr. Ahmed Hassan' })).toHaveAttribute('src', '/uploads/ahmed.png');
    expect(screen.getByText(NOTHING)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    // The badge and the page both ask; the service keeps one connection per token.
    await waitFor(() => expect(fake.calls.start.length).toBeGreaterThan(0));
    expect(new Set(fake.calls.start)).toEqual(new Set(['test-token']));
    expect(fake.calls.open.at(-1)).toBeNull();
  });

  it('opens the conversation named in ?chat=, shows its messages with time stamps and own ones on the right', async () => {
    renderChat(`/chat?chat=${demoChat._id}`);
    expect(await screen.findByRole('heading', { name: 'Dr. Ahmed Hassan' })).toBeInTheDocument();
    expect(screen.getByText('Offline')).toBeInTheDocument();
    await waitFor(() => expect(fake.calls.open).toContain(demoChat._id));

    act(() => fake.server.messages(demoMessages, demoChat._id));
    const messages = screen.getByRole('list', { name: 'Messages' });
    const own = within(messages).getByText('Good morning doctor, I booked a visit.').closest('li');
    const theirs = within(messages).getByText('Please bring your home readings.').closest('li');
    expect(own).toHaveClass('chat-message--own');
    expect(theirs).not.toHaveClass('chat-message--own');
    expect(theirs).toHaveTextContent(messageStamp(demoMessages[1].created_at));
    expect(messageStamp('2026-11-21T10:30:00.000Z')).toMatch(/^21 Nov 2026, \d\d:\d\d$/);
    // The other party's message arrived in the open chat: it is marked read.
    await waitFor(() => expect(fake.calls.markRead).toContain(demoChat._id));
  });

  it('offers a way back to the conversation list from an open conversation (the list is hidden beside it on phones)', async () => {
    renderChat(`/chat?chat=${demoChat._id}`);
    await screen.findByRole('heading', { name: 'Dr. Ahmed Hassan' });
    expect(screen.getByRole('list', { name: 'Conversations' }).closest('.chat-layout')).toHaveClass('chat-layout--open');
    await userEvent.click(screen.getByRole('button', { name: 'All conversations' }));
    expect(await screen.findByText(NOTHING)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Conversations' }).closest('.chat-layout')).not.toHaveClass('chat-layout--open');
    expect(screen.queryByRole('button', { name: 'All conversations' })).not.toBeInTheDocument();
  });

  it('shows Online when the online list says so, and Offline again when it changes', async () => {
    renderChat(`/chat?chat=${demoChat._id}`);
    await screen.findByRole('heading', { name: 'Dr. Ahmed Hassan' });
    act(() => fake.server.onlineList({ [doctorId]: true }));
    expect(screen.getByText('Online')).toBeInTheDocument();
    act(() => fake.server.onlineList({ [otherDoctorId]: true }));
    expect(screen.getByText('Offline')).toBeInTheDocument();
  });

  it('sends with Enter or the button only when the text is longer than 1 character, says why otherwise, and clears the input', async () => {
    const user = userEvent.setup();
    renderChat(`/chat?chat=${demoChat._id}`);
    const input = await screen.findByRole('textbox', { name: 'Type a message' });
    await user.type(input, 'a{Enter}');
    expect(fake.calls.send).toEqual([]);
    expect(input).toHaveValue('a');
    // It says why, tied to the input, instead of silently keeping the text.
    expect(input).toHaveAccessibleDescription('A message needs at least 2 characters');
    expect(screen.getByText('A message needs at least 2 characters')).toHaveAttribute('role', 'status');
    await user.clear(input);
    expect(input).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(input).toHaveAccessibleDescription('Type a message to send');
    expect(fake.calls.send).toEqual([]);
    await user.type(input, 'See you on Tuesday{Enter}');
    await waitFor(() => expect(fake.calls.send).toEqual([{ chatId: demoChat._id, content: 'See you on Tuesday' }]));
    expect(input).toHaveValue('');
    await user.type(input, 'Thank you');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fake.calls.send).toHaveLength(2));
    expect(fake.calls.send[1]).toEqual({ chatId: demoChat._id, content: 'Thank you' });
    expect(input).toHaveValue('');
  });

  it('switches conversations on click and never shows a list that belongs to another chat', async () => {
    const user = userEvent.setup();
    renderChat(`/chat?chat=${demoChat._id}`);
    await screen.findByRole('heading', { name: 'Dr. Ahmed Hassan' });
    await user.click(screen.getByRole('button', { name: /Dr. Mona Adel/ }));
    expect(await screen.findByRole('heading', { name: 'Dr. Mona Adel' })).toBeInTheDocument();
    await waitFor(() => expect(fake.calls.open.at(-1)).toBe(secondChat._id));
    // A late list for the chat left behind is ignored.
    act(() => fake.server.messages(demoMessages, demoChat._id));
    expect(screen.queryByText('Please bring your home readings.')).not.toBeInTheDocument();
    act(() =>
      fake.server.messages(
        [{ sender: { _id: otherDoctorId }, content: 'Please bring your lab results.', created_at: '2026-11-19T08:00:00.000Z' }],
        secondChat._id,
      ),
    );
    expect(within(screen.getByRole('list', { name: 'Messages' })).getByText('Please bring your lab results.')).toBeInTheDocument();
  });

  it('shows the newest page, loads older messages from the button or by scrolling to the top, and adds new ones once', async () => {
    const user = userEvent.setup();
    renderChat(`/chat?chat=${demoChat._id}`);
    await screen.findByRole('heading', { name: 'Dr. Ahmed Hassan' });
    await waitFor(() => expect(fake.calls.open).toContain(demoChat._id));
    act(() => fake.server.messages(demoMessages, demoChat._id, { kind: 'latest', hasMore: true }));
    const list = screen.getByRole('list', { name: 'Messages' });

    await user.click(within(list).getByRole('button', { name: 'Load older messages' }));
    expect(fake.calls.loadOlder).toEqual([{ chatId: demoChat._id, before: 'm1' }]);
    expect(within(list).getByRole('button', { name: 'Loading older messages…' })).toBeDisabled();
    const older = { _id: 'm0', sender: { _id: doctorId }, content: 'Welcome to the clinic.', created_at: '2026-11-20T09:00:00.000Z' };
    act(() => fake.server.messages([older], demoChat._id, { kind: 'older', hasMore: true }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Load older messages',
      expect.stringContaining('Welcome to the clinic.'),
      expect.stringContaining('Good morning doctor'),
      expect.stringContaining('Please bring your home readings.'),
    ]);

    // Scrolling to the top asks for the page before the first message shown.
    list.scrollTop = 0;
    fireEvent.scroll(list);
    await waitFor(() => expect(fake.calls.loadOlder.at(-1)).toEqual({ chatId: demoChat._id, before: 'm0' }));
    act(() => fake.server.messages([], demoChat._id, { kind: 'older', hasMore: false }));
    expect(within(list).queryByRole('button', { name: /older messages/ })).not.toBeInTheDocument();

    // A new message is added at the end; the same one arriving again is not shown twice.
    const fresh = { _id: 'm3', sender: { _id: doctorId }, content: 'See you at ten.', created_at: '2026-11-22T09:00:00.000Z' };
    act(() => fake.server.messages([fresh], demoChat._id, { kind: 'new' }));
    act(() => fake.server.messages([fresh], demoChat._id, { kind: 'new' }));
    expect(within(list).getAllByText('See you at ten.')).toHaveLength(1);
    expect(within(list).getByText('Welcome to the clinic.')).toBeInTheDocument();
  });

  it('counts conversations with unread messages on the badge, and updates it live', async () => {
    renderChat();
    expect(await screen.findByTestId('chat-badge')).toHaveTextContent('1');
    await waitFor(() => expect(fake.calls.start.length).toBeGreaterThan(0));
    act(() =>
      fake.server.chatUpdated({ chatId: demoChat._id, lastMessage: 'Your results look fine.', updated_at: '2026-11-22T08:00:00.000Z', from: doctorId }),
    );
    expect(screen.getByTestId('chat-badge')).toHaveTextContent('2');
    // The moved conversation goes to the top with its new last message.
    const rows = within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('button');
    expect(rows[0]).toHaveTextContent('Your results look fine.');
    // Her own message elsewhere adds nothing unread.
    act(() => fake.server.chatUpdated({ chatId: demoChat._id, lastMessage: 'Thanks!', updated_at: '2026-11-22T08:01:00.000Z', from: patientId }));
    expect(screen.getByTestId('chat-badge')).toHaveTextContent('2');
  });

  it('shows a doctor the patients he talks to', async () => {
    chatsAre({ sender: false, chats: [demoChat] });
    renderChat(`/chat?chat=${demoChat._id}`, signedIn(testUser({ _id: doctorId, name: 'Dr. Ahmed Hassan', roles: ['doctor'] }), 'doctor'));
    expect(await screen.findByRole('heading', { name: 'Sara Ali' })).toBeInTheDocument();
    for (const avatar of screen.getAllByRole('img', { name: 'Sara Ali' })) expect(avatar).toHaveTextContent('SA');
  });

  it('opens nothing for a conversation the user is not part of, and shows what the socket refused', async () => {
    renderChat('/chat?chat=65a1b2c3d4e5f6a7b8c9d0ff');
    expect(await screen.findByText(NOTHING)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /Dr. Ahmed Hassan/ }));
    await screen.findByRole('textbox', { name: 'Type a message' });
    act(() => fake.server.error('You are sending messages too fast; please wait a moment'));
    expect(screen.getByRole('alert')).toHaveTextContent('You are sending messages too fast; please wait a moment');
  });

  it('shows the server’s message when the conversations cannot be loaded', async () => {
    server.use(http.get('/api/chat', () => HttpResponse.json({ message: 'The database is not reachable' }, { status: 503 })));
    renderChat();
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not reachable');
  });

  it('asks guests to log in and opens no connection', async () => {
    renderWithProviders(<ChatPage />, { route: '/chat' });
    expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/account/login');
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.calls.start).toEqual([]);
  });
});
