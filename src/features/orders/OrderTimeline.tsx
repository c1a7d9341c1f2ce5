import { useTranslation } from '../../i18n';
import type { OrderDetail } from './types';
import { Section } from '../../ui/Section';

/** What happened to the order, oldest first: placed, each line's moves, refunds. */
export function OrderTimeline({ timeline, when }: { timeline: OrderDetail['timeline']; when: (iso: string) => string }) {
  const { t } = useTranslation('orders');
  return (
    <Section className="mt-4" titleId="timeline-title" level="h3" titleClassName="h6" title={t('status')}>
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
    </Section>
  );
}
