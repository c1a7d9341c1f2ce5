import { Link, NavLink, Route, Routes } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { PageBanner } from '../../ui/PageBanner';
import { selectRole } from '../session/sessionSlice';
import { ApplicationsTab } from './ApplicationsTab';
import { AuditTab } from './AuditTab';
import { ContentTab } from './ContentTab';
import { DashboardTab } from './DashboardTab';
import { UsersTab } from './UsersTab';

const tabs = [
  { path: '', title: 'Dashboard', element: <DashboardTab /> },
  { path: 'applications', title: 'Applications', element: <ApplicationsTab /> },
  { path: 'users', title: 'Users', element: <UsersTab /> },
  { path: 'content', title: 'Articles and products', element: <ContentTab /> },
  { path: 'audit', title: 'Audit log', element: <AuditTab /> },
];

/** The administrators' console: only administrators see it (the API refuses everyone else too). */
export default function AdminPage() {
  const role = useAppSelector(selectRole);
  return (
    <>
      <PageBanner title="Admin console" />
      <div className="container py-5">
        {role !== 'admin' ? (
          <div className="text-center py-4">
            <p className="lead">The admin console is for the clinic's administrators.</p>
            <Link className="btn btn-primary" to="/account/login">
              Log in as an administrator
            </Link>
          </div>
        ) : (
          <div className="row g-4">
            <nav className="col-lg-3" aria-label="Admin console">
              <div className="list-group">
                {tabs.map((tab) => (
                  <NavLink key={tab.path} end to={`/admin${tab.path ? `/${tab.path}` : ''}`} className={({ isActive }) => `list-group-item list-group-item-action${isActive ? ' active' : ''}`}>
                    {tab.title}
                  </NavLink>
                ))}
              </div>
            </nav>
            <div className="col-lg-9">
              <Routes>
                {tabs.map((tab) => (
                  <Route key={tab.path} index={tab.path === ''} path={tab.path || undefined} element={tab.element} />
                ))}
                <Route path="*" element={<DashboardTab />} />
              </Routes>
            </div>
          </div>
        )}
      </div>
    </>
  );
}
