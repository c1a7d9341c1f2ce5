import type { OrderDetail } from './types';

const labels: Record<string, string> = {
  placed: 'Order placed and paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  pending: 'Back to pending',
  refunded: 'Refunded',
};

/** What happened to the order, oldest first: placed, each line's moves, refunds. */
export function OrderTimeline({ timeline, when }: { timeline: OrderDetail['timeline']; when: (iso: string) => string }) {
  return (
    <section className="mt-4" aria-labelledby="timeline-title">
      <h3 id="timeline-title" className="h6">
        Status
      </h3>
      <ol className="order-timeline" aria-label="Order status timeline">
        {timeline.map((step, i) => (
          <li key={`${step.status}-${step.at}-${i}`} className={`order-timeline__step order-timeline__step--${step.status}`}>
            <strong>{labels[step.status] ?? step.status}</strong>
            {step.item && <span>{step.status === 'refunded' ? `: $${step.item}` : `: ${step.item}`}</span>}
            <time className="d-block small text-muted" dateTime={step.at}>
              {when(step.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
