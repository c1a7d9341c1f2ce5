import { Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { useTranslation } from '../../i18n';
import { selectIsLoggedIn, selectRole } from '../session';
import { settingsTabs } from './tabs';
import { AccessPrompt } from '../../ui/AccessPrompt';
import { SideTabs } from '../../ui/SideTabs';

/** Settings with one tab per path segment; any unknown segment shows the profile tab. */
export default function SettingsPage() {
  const { page } = useParams();
  const { t } = useTranslation('settings');
  const role = useAppSelector(selectRole);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const visible = settingsTabs.filter((tab) => !tab.roles || (role !== null && tab.roles.includes(role)));
  const active = visible.find((tab) => tab.path === page) ?? visible[0];
  const ActiveTab = active.component;
  return (
    <>
      <PageBanner title={t('title')} />
      <div className="container py-5">
        {!loggedIn ? (
          <AccessPrompt message={t('pleaseLogin')} linkText={t('login')} />
        ) : (
          <SideTabs label={t('title')} tabs={visible.map((tab) => ({ to: `/settings/${tab.path}`, label: t(`tabs.${tab.path}`), active: tab === active }))}>
            <section className="col-lg-9" aria-label={t(`tabs.${active.path}`)}>
              <div className="card shadow-sm border-0">
                <div className="card-body p-4">
                  <Suspense fallback={<Spinner />}>
                    <ActiveTab />
                  </Suspense>
                </div>
              </div>
            </section>
          </SideTabs>
        )}
      </div>
    </>
  );
}
