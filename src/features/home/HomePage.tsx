import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BenefitsSection, FeaturesStrip } from './ContentMenus';
import { HeroSlider } from './HeroSlider';
import './home.css';
import {
  fetchHomeBlogs,
  fetchMenu,
  fetchSlides,
  fetchTopDoctors,
  homeSlice,
  selectBenefits,
  selectFeatures,
  selectHomeBlogs,
  selectHomeStatus,
  selectSlides,
  selectTopDoctors,
} from './homeSlice';
import { LatestBlogs } from './LatestBlogs';
import { EmergencyBlock, Testimonials } from './StaticSections';
import { TopDoctors } from './TopDoctors';
import { useTranslation } from '../../i18n';

/**
 * The front door: slider, features, benefits (#benefits, the navbar's About), top doctors, the
 * emergency phone, the three latest articles and testimonials. Data is fetched on every visit so a
 * post published a moment ago shows; what is already in the store stays on screen meanwhile.
 */
export default function HomePage() {
  const dispatch = useAppDispatch();
  const { t, i18n } = useTranslation('home');
  const slides = useAppSelector(selectSlides);
  const features = useAppSelector(selectFeatures);
  const benefits = useAppSelector(selectBenefits);
  const doctors = useAppSelector(selectTopDoctors);
  const blogs = useAppSelector(selectHomeBlogs);
  const status = useAppSelector(selectHomeStatus);
  const error = useAppSelector((state) => homeSlice.selectSlice(state).error);

  // The clinic writes its slides and menus in both languages: they are asked again in the language chosen.
  useEffect(() => {
    void dispatch(fetchSlides());
    void dispatch(fetchMenu('features'));
    void dispatch(fetchMenu('benefits'));
  }, [dispatch, i18n.language]);
  useEffect(() => {
    void dispatch(fetchTopDoctors());
    void dispatch(fetchHomeBlogs());
  }, [dispatch]);

  return (
    <div className="home">
      <h1 className="visually-hidden">{t('title')}</h1>
      <HeroSlider slides={slides} loading={status.slides === 'loading'} />
      <FeaturesStrip menu={features} />
      <BenefitsSection menu={benefits} />
      <TopDoctors doctors={doctors} status={status.topDoctors} error={error} />
      <EmergencyBlock />
      <LatestBlogs blogs={blogs} status={status.blogs} error={error} />
      <Testimonials />
    </div>
  );
}
