import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach } from 'vitest';
import { testUser } from '../../testing/handlers';
import { isolate } from '../../../shared/bidi-isolate';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import NotificationsTab from './NotificationsTab';

// The server's English label, and an event this SPA has no words for yet (shown with the server's label).
const preferences = [
  { event: 'order_paid', label: 'An order for my products was paid', email: true },
  { event: 'a_later_event', label: 'Something new', email: false },
];

afterEach(() => showEnglish());

describe('NotificationsTab', () => {
  it('lists the events with their email switch', async () => {
    server.use(http.get('/api/notifications/preferences', () => HttpResponse.json({ preferences })));
    renderWithProviders(<NotificationsTab />, { preloadedState: signedIn(testUser()) });
    expect(await screen.findByRole('switch', { name: 'An order for my products was paid — by email' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Something new — by email' })).not.toBeChecked();
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('speaks Arabic, the events included', async () => {
    await showArabic();
    server.use(http.get('/api/notifications/preferences', () => HttpResponse.json({ preferences })));
    renderWithProviders(<NotificationsTab />, { preloadedState: signedIn(testUser()) });
    expect(await screen.findByRole('switch', { name: 'دُفع ثمن طلب لمنتجاتي — عبر البريد الإلكتروني' })).toBeChecked();
    expect(screen.getByRole('switch', { name: `${isolate('Something new')} — عبر البريد الإلكتروني` })).not.toBeChecked();
    expect(screen.getByRole('heading', { name: 'الإشعارات' })).toBeInTheDocument();
  });
});
