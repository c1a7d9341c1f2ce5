import { render } from '@testing-library/react';
import type { ComponentProps } from 'react';
import type { Bar } from 'react-chartjs-2';
import { showArabic, showEnglish } from '../../testing/language';
import StatsChart from './StatsChart';

// jsdom draws no canvas: the test reads what the chart is asked to draw.
const drawn = vi.hoisted(() => ({ props: [] as ComponentProps<typeof Bar>[] }));
vi.mock('react-chartjs-2', () => ({
  Bar: (props: ComponentProps<typeof Bar>) => {
    drawn.props.push(props);
    return <canvas role="img" aria-label={props['aria-label']} />;
  },
}));

const daily = [
  { date: '2026-11-30', bookings: 2, orders: 1, revenueCents: 700 },
  { date: '2026-12-01', bookings: 3, orders: 0, revenueCents: 0 },
];

describe('StatsChart', () => {
  beforeEach(() => {
    drawn.props = [];
    document.documentElement.style.setProperty('--portal-primary', '#1f6fb2');
    document.documentElement.style.setProperty('--portal-accent', '#1d8f86');
  });
  afterEach(async () => {
    document.documentElement.removeAttribute('style');
    await showEnglish();
  });

  it("draws the bars in the portal's colours, days left to right in English", () => {
    render(<StatsChart daily={daily} />);
    const { data, options } = drawn.props.at(-1)!;
    expect(data.datasets.map((d) => d.backgroundColor)).toEqual(['#1f6fb2', '#1d8f86']);
    expect(options?.scales?.x?.reverse).toBe(false);
    expect(options?.scales?.y?.position).toBe('left');
    expect(data.labels).toEqual(['30 Nov', '1 Dec']);
  });

  it('runs the days right to left on the Arabic site, with the counts and the legend on the right', async () => {
    await showArabic();
    render(<StatsChart daily={daily} />);
    const { data, options } = drawn.props.at(-1)!;
    // Days and counts in the Arabic digits of the rest of the page.
    expect(data.labels).toEqual(['٣٠ نوفمبر', '١ ديسمبر']);
    const tickLabel = options?.scales?.y?.ticks?.callback as (value: number) => string;
    expect(tickLabel(3)).toBe('٣');
    expect(options?.scales?.x?.reverse).toBe(true);
    expect(options?.scales?.y?.position).toBe('right');
    expect(options?.plugins?.legend?.rtl).toBe(true);
    expect(options?.plugins?.tooltip?.rtl).toBe(true);
  });
});
