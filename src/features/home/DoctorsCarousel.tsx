import './jqueryGlobal';
import 'owl.carousel/dist/assets/owl.carousel.min.css';
import 'owl.carousel/dist/assets/owl.theme.default.min.css';
import { useRef } from 'react';
import OwlCarousel from 'react-owl-carousel';
import { DoctorCard } from './DoctorCard';
import type { TopDoctor } from './types';
import { useTranslation } from '../../i18n';

/** One card on phones, two from 576 px, three on tablets, four from 1024 px. */
const responsive = { 0: { items: 1 }, 576: { items: 2 }, 768: { items: 3 }, 1024: { items: 4 } };

/** owl's `rtl` option, which the wrapper's typings leave out although it passes every option on. */
const ownDirection = (dir: 'ltr' | 'rtl'): object => ({ rtl: dir === 'rtl' });

/**
 * The top-doctors carousel (jQuery + owl). Loaded by TopDoctors after the first paint; owl's own dots
 * and arrows have no accessible names, so the carousel is driven by labelled buttons instead.
 */
export default function DoctorsCarousel({ doctors }: { doctors: TopDoctor[] }) {
  const carousel = useRef<OwlCarousel>(null);
  // owl reads its direction when it starts; TopDoctors starts a new carousel for a new language.
  const { t, i18n } = useTranslation('home');
  return (
    <div className="doctors-carousel">
      <OwlCarousel ref={carousel} className="owl-theme" margin={24} dots={false} nav={false} rewind responsive={responsive} {...ownDirection(i18n.dir())}>
        {doctors.map((doctor) => (
          <div className="item" key={doctor._id}>
            <DoctorCard doctor={doctor} />
          </div>
        ))}
      </OwlCarousel>
      <div className="doctors-carousel__controls">
        <button type="button" className="doctors-carousel__arrow" aria-label={t('doctors.previous')} onClick={() => carousel.current?.prev(300)}>
          ‹
        </button>
        <button type="button" className="doctors-carousel__arrow" aria-label={t('doctors.next')} onClick={() => carousel.current?.next(300)}>
          ›
        </button>
      </div>
    </div>
  );
}
