import { useTranslation } from '../../i18n';
import type { OrderDetail } from './types';

/** What happened to the order, oldest first: placed, each line's moves, refunds. */
export function OrderTimeline({ timeline, when }: { timeline: OrderDetail['timeline']; when: (iso: string) => string }) {
  const { t } = useTranslation('orders');
  return (
    <section className="mt-4" aria-labelledby="timeline-title">
      <h3 id="timeline-title" className="h6">
        {t('status')}
      </h3>
      <ol className="order-timeline" aria-label={t('timeline')}>
        {timeline.map((step, i) => (
          <li key={`${step.status}-${step.at}-${i}`} className={`order-timeline__step order-timeline__step--${step.status}`}>
            <strong>{t(`step.${step.status}`, { defaultValue: step.status })}</strong>
            {step.item && (
              <span>
                : <bdi>{step.status === 'refunded' ? `$${step.item}` : step.item}</bdi>
              </span>
            )}
            <time className="d-block small text-muted" dateTime={step.at}>
              {when(step.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
