import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach } from 'vitest';
import { testUser } from '../../testing/handlers';
import { isolate } from '../../../shared/bidi-isolate';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import NotificationsTab from './NotificationsTab';

const preferences = [{ event: 'order_paid', label: 'Order paid', email: true }];

afterEach(() => showEnglish());

describe('NotificationsTab', () => {
  it('lists the events with their email switch', async () => {
    server.use(http.get('/api/notifications/preferences', () => HttpResponse.json({ preferences })));
    renderWithProviders(<NotificationsTab />, { preloadedState: signedIn(testUser()) });
    expect(await screen.findByRole('switch', { name: 'Order paid — by email' })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    await showArabic();
    server.use(http.get('/api/notifications/preferences', () => HttpResponse.json({ preferences })));
    renderWithProviders(<NotificationsTab />, { preloadedState: signedIn(testUser()) });
    expect(await screen.findByRole('switch', { name: `${isolate('Order paid')} — عبر البريد الإلكتروني` })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'الإشعارات' })).toBeInTheDocument();
  });
});
