import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { dayAndMonth, formatNumber } from '../../ui/clinicTime';
import { useTranslation } from '../../i18n';
import './texts';
import type { Stats } from './types';

// Only the pieces a bar chart needs are registered, so the chunk stays small.
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

/** Bookings and orders per day over the last 14 days. Loaded lazily: chart.js is only in the console's chunk. */
export default function StatsChart({ daily }: { daily: Stats['daily'] }) {
  const { t, i18n } = useTranslation('admin');
  // On the Arabic site the days run right to left, as its text does, with the counts on the right.
  const rtl = i18n.dir() === 'rtl';
  const palette = getComputedStyle(document.documentElement);
  const colour = (name: string) => palette.getPropertyValue(name).trim();
  const labels = daily.map((d) => dayAndMonth(d.date));
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
            plugins: { legend: { position: 'bottom', rtl }, tooltip: { rtl } },
            scales: {
              x: { reverse: rtl },
              y: { beginAtZero: true, position: rtl ? 'right' : 'left', ticks: { precision: 0, callback: (count) => formatNumber(Number(count)) } },
            },
          }}
          data={{
            labels,
            datasets: [
              { label: t('chart.bookings'), data: daily.map((d) => d.bookings), backgroundColor: colour('--portal-primary') },
              { label: t('chart.orders'), data: daily.map((d) => d.orders), backgroundColor: colour('--portal-accent') },
            ],
          }}
        />
      </div>
      <figcaption className="small text-muted">{t('chart.caption', days)}</figcaption>
    </figure>
  );
}
