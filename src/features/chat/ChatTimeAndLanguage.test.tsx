import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../testing/handlers';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import ChatPage from './ChatPage';
import { fakeChatSocket as fake } from './testing/fakeChatSocket';
import { demoChat, demoMessages, patientId, secondChat } from './testing/fixtures';

// The browser sits in Auckland (UTC+13 in November) before any module reads the clock: the chat
// must still show the clinic's time, Cairo (UTC+2).
const browserZone = vi.hoisted(() => {
  const before = process.env.TZ;
  process.env.TZ = 'Pacific/Auckland';
  return before;
});
afterAll(() => {
  if (browserZone === undefined) delete process.env.TZ;
  else process.env.TZ = browserZone;
});

vi.mock('../../api/socket', () => ({ chatSocket: fake.service }));

const patient = signedIn(testUser({ _id: patientId }), 'patient');

async function openDemoChat() {
  renderWithProviders(<ChatPage />, { route: `/chat?chat=${demoChat._id}`, preloadedState: patient });
  await waitFor(() => expect(fake.calls.open).toContain(demoChat._id));
  act(() => fake.server.messages(demoMessages, demoChat._id));
}

beforeEach(() => {
  fake.reset();
  server.use(http.get('/api/chat', () => HttpResponse.json({ sender: true, chats: [demoChat, secondChat] })));
});

describe('chat times', () => {
  it('shows a message at the clinic’s time, not the browser’s', async () => {
    expect(new Date('2026-11-21T10:30:00.000Z').getHours()).toBe(23); // the browser's clock really is elsewhere
    await openDemoChat();
    const messages = await screen.findByRole('list', { name: 'Messages' });
    const theirs = within(messages).getByText('Please bring your home readings.').closest('li') as HTMLElement;
    // 10:30 UTC is 12:30 in Cairo (and 23:30 in Auckland).
    expect(within(theirs).getByText('21 Nov 2026, 12:30')).toHaveAttribute('dateTime', demoMessages[1].created_at);
  });
});

describe('chat in Arabic', () => {
  it('reads in Arabic, with the clinic’s time in Arabic digits and the composer’s reason in Arabic', async () => {
    await showArabic();
    try {
      await openDemoChat();
      expect(await screen.findByRole('list', { name: 'المحادثات' })).toBeInTheDocument();
      const messages = screen.getByRole('list', { name: 'الرسائل' });
      const theirs = within(messages).getByText('Please bring your home readings.').closest('li') as HTMLElement;
      expect(theirs).toHaveTextContent('٢١ نوفمبر ٢٠٢٦');
      expect(theirs).toHaveTextContent('١٢:٣٠');
      expect(screen.getByText('غير متصل')).toBeInTheDocument();
      const input = screen.getByRole('textbox', { name: 'اكتب رسالة' });
      await userEvent.type(input, 'ب{Enter}');
      expect(input).toHaveAccessibleDescription('يجب أن تتكون الرسالة من حرفين على الأقل');
      expect(fake.calls.send).toEqual([]);
    } finally {
      await showEnglish();
    }
  });
});

describe('the composer', () => {
  it('counts an emoji as one character: it stays in the box with the reason beside it', async () => {
    await openDemoChat();
    const input = await screen.findByRole('textbox', { name: 'Type a message' });
    await userEvent.type(input, '👍{Enter}');
    expect(input).toHaveValue('👍');
    expect(input).toHaveAccessibleDescription('A message needs at least 2 characters');
    expect(fake.calls.send).toEqual([]);
    await userEvent.type(input, '👍{Enter}');
    await waitFor(() => expect(fake.calls.send).toEqual([{ chatId: demoChat._id, content: '👍👍' }]));
    expect(input).toHaveValue('');
  });
});
