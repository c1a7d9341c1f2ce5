import { memo, useEffect, useRef, useState, type ComponentType } from 'react';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { DoctorCard } from './DoctorCard';
import type { TopDoctor } from './types';
import { useTranslation } from '../../i18n';
import { SectionHead } from './SectionHead';

type CarouselComponent = ComponentType<{ doctors: TopDoctor[] }>;

/**
 * Resolves once the page has painted and the browser is idle, or as soon as the element comes near
 * the viewport: the carousel's jQuery and owl code never competes with the first paint.
 */
function useWhenIdleOrNear(target: React.RefObject<HTMLElement | null>, enabled: boolean) {
  const [go, setGo] = useState(false);
  useEffect(() => {
    if (!enabled || go) return;
    let done = false;
    const fire = () => {
      if (!done) {
        done = true;
        setGo(true);
      }
    };
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver === 'function' && target.current) {
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && fire(), { rootMargin: '400px' });
      observer.observe(target.current);
    }
    let idleHandle: number | undefined;
    let timer: number | undefined;
    const scheduleIdle = () => {
      timer = window.setTimeout(() => {
        if ('requestIdleCallback' in window) idleHandle = window.requestIdleCallback(fire, { timeout: 2000 });
        else fire();
      }, 1500);
    };
    if (document.readyState === 'complete') scheduleIdle();
    else window.addEventListener('load', scheduleIdle, { once: true });
    return () => {
      done = true;
      observer?.disconnect();
      window.removeEventListener('load', scheduleIdle);
      if (timer !== undefined) window.clearTimeout(timer);
      if (idleHandle !== undefined && 'cancelIdleCallback' in window) window.cancelIdleCallback(idleHandle);
    };
  }, [enabled, go, target]);
  return go;
}

/** The same cards as the carousel, laid out as a row: what shows until the carousel has loaded. */
function StaticRow({ doctors }: { doctors: TopDoctor[] }) {
  return (
    <div className="doctors-row">
      {doctors.map((doctor) => (
        <DoctorCard key={doctor._id} doctor={doctor} />
      ))}
    </div>
  );
}

const Carousel = memo(function Carousel({ component: Component, doctors }: { component: CarouselComponent; doctors: TopDoctor[] }) {
  return <Component doctors={doctors} />;
});

export function TopDoctors({ doctors, status, error }: { doctors: TopDoctor[]; status: string; error: string | null }) {
  const section = useRef<HTMLElement>(null);
  const { t, i18n } = useTranslation('home');
  const [carousel, setCarousel] = useState<CarouselComponent | null>(null);
  const ready = useWhenIdleOrNear(section, doctors.length > 0);

  useEffect(() => {
    if (!ready || carousel) return;
    let alive = true;
    import('./DoctorsCarousel')
      .then((module) => alive && setCarousel(() => module.default))
      // Without the carousel the doctors stay in their plain row.
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [ready, carousel]);

  return (
    <section className="home-section top-doctors" ref={section} aria-labelledby="top-doctors-title">
      <div className="container">
        <SectionHead id="top-doctors-title" kicker={t('doctors.kicker')} title={t('doctors.title')} to="/doctors" linkText={t('doctors.all')} />
        {status === 'failed' && doctors.length === 0 ? (
          <ErrorAlert message={error} />
        ) : doctors.length === 0 ? (
          <div className="doctors-placeholder">
            {status === 'loading' || status === 'idle' ? <Spinner label={t('doctors.loading')} /> : <p className="text-muted">{t('doctors.empty')}</p>}
          </div>
        ) : carousel ? (
          <Carousel key={`${i18n.language}:${doctors.map((d) => d._id).join()}`} component={carousel} doctors={doctors} />
        ) : (
          <StaticRow doctors={doctors} />
        )}
      </div>
    </section>
  );
}
