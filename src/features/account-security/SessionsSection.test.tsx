import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach } from 'vitest';
import { isolate } from '../../../shared/bidi-isolate';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders, signedIn } from '../../testing/render';
import { testUser } from '../../testing/handlers';
import { server } from '../../testing/server';
import SecurityTab from './SecurityTab';

const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const sessions = [
  { id: 's1', created_at: '2027-01-15T12:30:00.000Z', expires_at: '2027-02-15T12:30:00.000Z', device: windows, ip: '203.0.113.7', current: true },
  { id: 's2', created_at: '2027-01-10T08:05:00.000Z', expires_at: '2027-02-10T08:05:00.000Z', device: '', ip: '', current: false },
];

const renderTab = () => {
  server.use(
    http.get('/api/auth/sessions', () => HttpResponse.json({ sessions })),
    http.get('/api/auth/two-factor', () => HttpResponse.json({ enabled: true, required: false, recoveryCodesLeft: 1 })),
  );
  return renderWithProviders(<SecurityTab />, { preloadedState: signedIn(testUser()) });
};

afterEach(() => showEnglish());

describe('SecurityTab', () => {
  it("names each session's device and says when it signed in, in the clinic's time", async () => {
    renderTab();
    expect(await screen.findByText('Chrome on Windows')).toBeInTheDocument();
    expect(screen.getByText('Signed in on 15 Jan 2027, 14:30 from 203.0.113.7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out Unknown device signed in 10 Jan 2027, 10:05' })).toBeInTheDocument();
    expect(await screen.findByText('1 recovery code left.')).toBeInTheDocument();
  });

  it('speaks Arabic, dates included', async () => {
    await showArabic();
    renderTab();
    expect(await screen.findByRole('heading', { name: 'الأجهزة التي سجّلت الدخول منها' })).toBeInTheDocument();
    expect(screen.getByText(`${isolate('Chrome')} على ${isolate('Windows')}`)).toBeInTheDocument();
    expect(screen.getByText(/سجّل الدخول في .*١٥.*يناير.*٢٠٢٧/)).toBeInTheDocument();
    expect(await screen.findByText('تبقّى رمز استرداد واحد.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تسجيل الخروج من كل الأجهزة الأخرى' })).toBeInTheDocument();
  });
});
