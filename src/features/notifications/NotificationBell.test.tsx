import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../testing/server';
import { testUser } from '../../testing/handlers';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders, signedIn } from '../../testing/render';
import { ChatBadge } from '../chat';
import { fakeChatSocket as fake } from '../chat/testing/fakeChatSocket';
import { NotificationBell } from './NotificationBell';

vi.mock('../../api/socket', () => ({ chatSocket: fake.service }));

const note = (id: string, title: string, read = false) => ({
  _id: id,
  event: 'reservation_made',
  title,
  body: '',
  link: '/settings/appointments',
  read,
  createdAt: '2026-11-25T08:00:00.000Z',
});

let list = { notifications: [note('n2', 'Nour Said reserved your appointment'), note('n1', 'Order CPABCD2345 was paid', true)], unread: 1 };
let marked: unknown[] = [];

beforeEach(() => {
  fake.reset();
  marked = [];
  list = { notifications: [note('n2', 'Nour Said reserved your appointment'), note('n1', 'Order CPABCD2345 was paid', true)], unread: 1 };
  server.use(
    http.get('/api/chat', () => HttpResponse.json({ sender: false, chats: [] })),
    http.get('/api/notifications', () => HttpResponse.json(list)),
    http.post('/api/notifications/read', async ({ request }) => {
      const body = (await request.json()) as { ids?: string[]; all?: boolean };
      marked.push(body);
      list = {
        notifications: list.notifications.map((n) => (body.all || body.ids?.includes(n._id) ? { ...n, read: true } : n)),
        unread: 0,
      };
      return HttpResponse.json({ message: 'Marked as read', ...list });
    }),
  );
});

afterEach(() => showEnglish());

const renderBell = () =>
  renderWithProviders(
    <>
      <ChatBadge />
      <NotificationBell />
    </>,
    { route: '/', preloadedState: signedIn(testUser(), 'doctor') },
  );

describe('NotificationBell', () => {
  it('says the unread count in its name and lists the latest notifications', async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell);
    expect(screen.getByRole('link', { name: /Unread:\s*Nour Said reserved your appointment/ })).toHaveAttribute('href', '/settings/appointments');
    expect(screen.getByRole('link', { name: /Order CPABCD2345 was paid/ })).toBeInTheDocument();
  });

  it('marks one read and all read through the server, and the count follows its answer', async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark read: Nour Said reserved your appointment' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(marked).toEqual([{ ids: ['n2'] }]);
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('counts a notification pushed over the socket at once, and once', async () => {
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await waitFor(() => expect(fake.calls.start).toHaveLength(1));
    const pushed = note('n3', 'Layla Adel reserved your appointment');
    act(() => fake.server.notification?.(pushed));
    act(() => fake.server.notification?.(pushed));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    expect(screen.getByRole('link', { name: /Layla Adel reserved your appointment/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(marked).toEqual([{ all: true }]);
  });

  it("speaks Arabic: the bell's name, its buttons and the notifications' times in Cairo", async () => {
    await showArabic();
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'الإشعارات، إشعار واحد غير مقروء' }));
    expect(screen.getByRole('button', { name: 'تحديد الكل كمقروء' })).toBeEnabled();
    expect(screen.getByRole('link', { name: /غير مقروء:\s*Nour Said reserved your appointment/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تحديد كمقروء: Nour Said reserved your appointment' })).toBeInTheDocument();
    // 08:00 UTC is 10:00 in Cairo.
    expect(screen.getAllByText(/٢٥.*نوفمبر.*٢٠٢٦.*١٠:٠٠/)).toHaveLength(2);
  });
});
