import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector, useServerData } from '../../app/hooks';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { formatNumber } from '../../ui/clinicTime';
import { useTranslation } from '../../i18n';
import { fetchStats, selectStats } from './adminSlice';
import type { Period } from './types';
import { dollarsOf } from '../../ui/money';
import { Section } from '../../ui/Section';

const StatsChart = lazy(() => import('./StatsChart'));

/** Revenue in the shop's own currency sign, as every price in the portal is shown. */
const money = (cents: number) => dollarsOf(cents / 100);

function PeriodCard({ title, period }: { title: string; period: Period }) {
  const { t } = useTranslation('admin');
  const rows: Array<[string, string]> = [
    [t('dashboard.bookings'), formatNumber(period.bookings)],
    [t('dashboard.orders'), formatNumber(period.orders)],
    [t('dashboard.revenue'), money(period.revenueCents)],
    [t('dashboard.newPatients'), formatNumber(period.newPatients)],
  ];
  return (
    <section className="card h-100" aria-label={title}>
      <div className="card-body">
        <h3 className="h5">{title}</h3>
        <dl className="row mb-0">
          {rows.map(([label, value]) => (
            <div key={label} className="col-6 mb-2">
              <dt className="small text-muted">{label}</dt>
              <dd className="fs-4 mb-0">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

/** Today's and this month's figures in the clinic's time zone, with the 14-day chart. */
export function DashboardTab() {
  useServerData(fetchStats);
  const { data: stats, error } = useAppSelector(selectStats);
  const { t } = useTranslation('admin');

  return (
    <Section titleId="admin-dashboard-title" titleClassName="h4" title={t('tabs.dashboard')}>
      <ErrorAlert message={error} />
      {!stats && !error && <Spinner label={t('dashboard.loading')} />}
      {stats && (
        <>
          {stats.pending > 0 && (
            <p className="alert alert-info">
              {t('dashboard.pending', { count: stats.pending, number: formatNumber(stats.pending) })}{' '}
              <Link to="/admin/applications">{t('dashboard.review')}</Link>
            </p>
          )}
          <div className="row g-3 mb-4">
            <div className="col-md-6">
              <PeriodCard title={t('dashboard.today')} period={stats.today} />
            </div>
            <div className="col-md-6">
              <PeriodCard title={t('dashboard.month')} period={stats.month} />
            </div>
          </div>
          <div className="admin-chart">
            <Suspense fallback={<Spinner label={t('dashboard.loadingChart')} />}>
              <StatsChart daily={stats.daily} />
            </Suspense>
          </div>
          <p className="small text-muted mt-2">{t('dashboard.timeZone', { zone: stats.timeZone })}</p>
        </>
      )}
    </Section>
  );
}
