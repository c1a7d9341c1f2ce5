import { Route, Routes } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { PageBanner } from '../../ui/PageBanner';
import { selectRole } from '../session';
import { ApplicationsTab } from './ApplicationsTab';
import { AuditTab } from './AuditTab';
import { ContentTab } from './ContentTab';
import { DashboardTab } from './DashboardTab';
import { ProfileChangesTab } from './ProfileChangesTab';
import { UsersTab } from './UsersTab';
import './texts';
import { AccessPrompt } from '../../ui/AccessPrompt';
import { SideTabs } from '../../ui/SideTabs';

const tabs = [
  { path: '', title: 'dashboard', element: <DashboardTab /> },
  { path: 'applications', title: 'applications', element: <ApplicationsTab /> },
  { path: 'changes', title: 'changes', element: <ProfileChangesTab /> },
  { path: 'users', title: 'users', element: <UsersTab /> },
  { path: 'content', title: 'content', element: <ContentTab /> },
  { path: 'audit', title: 'audit', element: <AuditTab /> },
] as const;

/** The administrators' console: only administrators see it (the API refuses everyone else too). */
export default function AdminPage() {
  const role = useAppSelector(selectRole);
  const { t } = useTranslation('admin');
  return (
    <>
      <PageBanner title={t('title')} />
      <div className="container py-5">
        {role !== 'admin' ? (
          <AccessPrompt message={t('onlyAdmins')} linkText={t('login')} />
        ) : (
          <SideTabs label={t('nav')} end tabs={tabs.map((tab) => ({ to: `/admin${tab.path ? `/${tab.path}` : ''}`, label: t(`tabs.${tab.title}`) }))}>
            <div className="col-lg-9">
              <Routes>
                {tabs.map((tab) => (
                  <Route key={tab.path} index={tab.path === ''} path={tab.path || undefined} element={tab.element} />
                ))}
                <Route path="*" element={<DashboardTab />} />
              </Routes>
            </div>
          </SideTabs>
        )}
      </div>
    </>
  );
}
