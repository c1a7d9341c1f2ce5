import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ApprovalNotice } from '../../features/session/ApprovalNotice';
import { useTranslation } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { ToastHost } from '../../ui/toast/ToastHost';
import { ScrollManager } from './ScrollManager';
import { SiteFooter } from './SiteFooter';
import { SiteNavbar } from './SiteNavbar';

// Only signed-in accounts with something to do see it; it loads after the page.
const AccountBanner = lazy(() => import('../../features/account-security/AccountBanner'));

export function Layout() {
  // Subscribed here so that the whole page renders again in a newly chosen language.
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <ScrollManager />
      <SiteNavbar />
      <Suspense fallback={null}>
        <AccountBanner />
      </Suspense>
      <main id="main" tabIndex={-1}>
        <ApprovalNotice />
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ToastHost />
    </>
  );
}
