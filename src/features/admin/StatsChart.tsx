import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatNumber } from '../../ui/clinicTime';
import { useTranslation } from '../../i18n';
import './texts';
import type { Stats } from './types';

// Only the pieces a bar chart needs are registered, so the chunk stays small.
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

/** Bookings and orders per day over the last 14 days. Loaded lazily: chart.js is only in the console's chunk. */
export default function StatsChart({ daily }: { daily: Stats['daily'] }) {
  const { t } = useTranslation('admin');
  const labels = daily.map((d) => d.date.slice(5));
  const days = { count: daily.length, number: formatNumber(daily.length) };
  return (
    <figure className="mb-0">
      {/* chart.js sizes the canvas to its parent: the parent must have a fixed height. */}
      <div style={{ position: 'relative', height: 260 }}>
        <Bar
          role="img"
          aria-label={t('chart.label', days)}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            plugins: { legend: { position: 'bottom' } },
            scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
          }}
          data={{
            labels,
            datasets: [
              { label: t('chart.bookings'), data: daily.map((d) => d.bookings), backgroundColor: '#0d6efd' },
              { label: t('chart.orders'), data: daily.map((d) => d.orders), backgroundColor: '#198754' },
            ],
          }}
        />
      </div>
      <figcaption className="small text-muted">{t('chart.caption', days)}</figcaption>
    </figure>
  );
}
