import { screen } from '@testing-library/react';
import { testUser } from '../../testing/handlers';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders, signedIn } from '../../testing/render';
import { ApprovalNotice } from './ApprovalNotice';

describe('ApprovalNotice', () => {
  it('tells a pending doctor that the account awaits approval', () => {
    renderWithProviders(<ApprovalNotice />, { preloadedState: signedIn(testUser({ roles: ['doctor'], status: 'pending' }), 'doctor') });
    expect(screen.getByRole('heading', { name: 'Your account is awaiting approval' })).toBeInTheDocument();
  });

  it('shows a rejected pharmacist the reason, and nothing to approved accounts', () => {
    const { unmount } = renderWithProviders(<ApprovalNotice />, {
      preloadedState: signedIn(testUser({ roles: ['pharmacist'], status: 'rejected', statusReason: 'The licence has expired' }), 'pharmacist'),
    });
    expect(screen.getByText(/Reason: The licence has expired/)).toBeInTheDocument();
    unmount();
    renderWithProviders(<ApprovalNotice />, { preloadedState: signedIn(testUser({ roles: ['doctor'], status: 'approved' }), 'doctor') });
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('ApprovalNotice in Arabic', () => {
  afterEach(() => showEnglish());

  it('tells a pending pharmacist what waits for the approval', async () => {
    await showArabic();
    renderWithProviders(<ApprovalNotice />, { preloadedState: signedIn(testUser({ roles: ['pharmacist'], status: 'pending' }), 'pharmacist') });
    expect(screen.getByRole('heading', { name: 'حسابك في انتظار الموافقة' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('لا يمكنك عرض الأدوية أو بيعها');
  });
});
