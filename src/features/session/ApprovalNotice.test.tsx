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

  it('asks a pending doctor without a licence on file for the number and document, and says where to give them', () => {
    renderWithProviders(<ApprovalNotice />, {
      preloadedState: signedIn(testUser({ roles: ['doctor'], status: 'pending', licenseNumber: '', hasLicenseDocument: false }), 'doctor'),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Please give your licence number and upload your licence document');
    expect(screen.getByRole('link', { name: 'Settings → Profile' })).toHaveAttribute('href', '/settings/profile');
  });

  it('does not ask a pending doctor whose licence is on file', () => {
    renderWithProviders(<ApprovalNotice />, {
      preloadedState: signedIn(testUser({ roles: ['doctor'], status: 'pending', licenseNumber: 'EMS-1', hasLicenseDocument: true }), 'doctor'),
    });
    expect(screen.getByRole('status')).not.toHaveTextContent('Please give your licence number');
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

  it('asks a pending pharmacist without a licence for it, in Arabic', async () => {
    await showArabic();
    renderWithProviders(<ApprovalNotice />, {
      preloadedState: signedIn(
        testUser({ roles: ['pharmacist'], status: 'pending', licenseNumber: '', pharmacyLicenseNumber: '', hasLicenseDocument: false }),
        'pharmacist',
      ),
    });
    expect(screen.getByRole('status')).toHaveTextContent('يُرجى إدخال رقم ترخيصك ورفع وثيقة الترخيص');
  });
});
