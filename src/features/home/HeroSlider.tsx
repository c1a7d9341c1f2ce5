import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { secureUrl } from '../../ui/text';
import type { Slide } from './types';
import { useTranslation } from '../../i18n';

const advanceEveryMs = 7000;
const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function SlideLink({ slide }: { slide: Slide }) {
  if (!slide.link || !slide.textOnLink) return null;
  return slide.link.startsWith('/') ? (
    <Link className="btn btn-light btn-lg hero__cta" to={slide.link}>
      {slide.textOnLink}
    </Link>
  ) : (
    <a className="btn btn-light btn-lg hero__cta" href={slide.link}>
      {slide.textOnLink}
    </a>
  );
}

/**
 * The home slider. Plain React and CSS, so the first paint needs no carousel library: one slide
 * shows at a time, hidden slides are inert, it advances on its own unless paused, hovered, focused
 * or the visitor prefers reduced motion.
 */
export function HeroSlider({ slides, loading }: { slides: Slide[]; loading: boolean }) {
  const { t } = useTranslation('home');
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [holding, setHolding] = useState(false);
  const count = slides.length;
  const current = count ? index % count : 0;

  useEffect(() => {
    if (count < 2 || paused || holding || reducedMotion()) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), advanceEveryMs);
    return () => window.clearInterval(timer);
  }, [count, paused, holding]);

  if (count === 0) {
    return (
      <section className="hero hero--empty" aria-label={t('hero.welcome')} aria-busy={loading}>
        <div className="hero__viewport">
          <div className="hero__caption container">
            <p className="hero__title">{t('hero.title')}</p>
            <p className="hero__text">{t('hero.text')}</p>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label={t('hero.highlights')}
      onMouseEnter={() => setHolding(true)}
      onMouseLeave={() => setHolding(false)}
      onFocus={() => setHolding(true)}
      onBlur={() => setHolding(false)}
    >
      <div className="hero__viewport" aria-live={paused ? 'polite' : 'off'}>
        {slides.map((slide, i) => (
          <div
            key={slide._id ?? i}
            className={`hero__slide${i === current ? ' is-active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t('hero.slideOf', { index: i + 1, count })}
            inert={i !== current}
          >
            <img
              className="hero__image"
              src={secureUrl(slide.image)}
              alt=""
              width={1600}
              height={700}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'low'}
              decoding="async"
            />
            <div className="hero__caption container">
              <h2 className="hero__title" dir="auto">
                {slide.title}
              </h2>
              <p className="hero__text" dir="auto">
                {slide.description}
              </p>
              <SlideLink slide={slide} />
            </div>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="hero__controls container">
          <button type="button" className="hero__arrow" aria-label={t('hero.previous')} onClick={() => setIndex((current - 1 + count) % count)}>
            ‹
          </button>
          <div className="hero__dots">
            {slides.map((slide, i) => (
              <button
                key={slide._id ?? i}
                type="button"
                className={`hero__dot${i === current ? ' is-active' : ''}`}
                aria-label={t('hero.show', { index: i + 1, title: slide.title })}
                aria-current={i === current}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
          <button type="button" className="hero__arrow" aria-label={t('hero.next')} onClick={() => setIndex((current + 1) % count)}>
            ›
          </button>
          <button type="button" className="hero__pause" onClick={() => setPaused((p) => !p)}>
            {paused ? t('hero.play') : t('hero.pause')}
          </button>
        </div>
      )}
    </section>
  );
}
