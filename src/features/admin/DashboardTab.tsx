import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { http, messageOf } from '../../api/http';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import type { Period, Stats } from './types';
import { dollarsOf } from '../cart/money';

const StatsChart = lazy(() => import('./StatsChart'));

/** Revenue in the shop's own currency sign, as every price in the portal is shown. */
const money = (cents: number) => dollarsOf(cents / 100);

function PeriodCard({ title, period }: { title: string; period: Period }) {
  const rows: Array<[string, string]> = [
    ['Bookings', String(period.bookings)],
    ['Orders', String(period.orders)],
    ['Revenue', money(period.revenueCents)],
    ['New patients', String(period.newPatients)],
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
  const [stats, setStats] = useState<Stats | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    http
      .get<Stats>('admin/stats')
      .then((res) => setStats(res.data))
      .catch((e: unknown) => setError(messageOf(e)));
  }, []);

  return (
    <section aria-labelledby="admin-dashboard-title">
      <h2 id="admin-dashboard-title" className="h4">
        Dashboard
      </h2>
      <ErrorAlert message={error} />
      {!stats && !error && <Spinner label="Loading the figures…" />}
      {stats && (
        <>
          {stats.pending > 0 && (
            <p className="alert alert-info">
              {stats.pending} application{stats.pending === 1 ? '' : 's'} waiting: <Link to="/admin/applications">review applications</Link>
            </p>
          )}
          <div className="row g-3 mb-4">
            <div className="col-md-6">
              <PeriodCard title="Today" period={stats.today} />
            </div>
            <div className="col-md-6">
              <PeriodCard title="This month" period={stats.month} />
            </div>
          </div>
          <div className="admin-chart">
            <Suspense fallback={<Spinner label="Loading the chart…" />}>
              <StatsChart daily={stats.daily} />
            </Suspense>
          </div>
          <p className="small text-muted mt-2">Days follow the clinic's time zone ({stats.timeZone}).</p>
        </>
      )}
    </section>
  );
}
