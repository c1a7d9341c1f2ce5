import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { popupError, popupInfo, popupSuccess } from '../../ui/popup';
import { StarRating } from '../../ui/StarRating';
import { selectIsLoggedIn } from '../session';
import { DoctorPhoto } from './DoctorPhoto';
import { fetchDoctor, rateDoctor } from './doctorsSlice';
import type { DoctorDetail } from './types';
import { useTranslation } from '../../i18n';
import { formatDate } from '../../ui/clinicTime';
import { departmentName } from '../../ui/departments';
import { Section } from '../../ui/Section';
import { Field } from '../../ui/Field';
import { DoctorName, useDoctorTitle } from '../../ui/DoctorName';

/** Photo, contact details and the rating stars a patient clicks to rate. */
export function DoctorProfile({ doctor }: { doctor: DoctorDetail }) {
  const { t } = useTranslation('doctors');
  const titled = useDoctorTitle();
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const rate = typeof doctor.rate === 'number' ? doctor.rate : 0;
  const [comment, setComment] = useState('');

  const onRate = async (value: number) => {
    if (!loggedIn) {
      void popupInfo(t('profile.loginToRate'));
      return;
    }
    try {
      await dispatch(rateDoctor({ doctorId: doctor._id, rate: value, comment })).unwrap();
      void popupSuccess(t('profile.submitted'));
      // The page shows the new comment among the reviews.
      if (comment.trim()) void dispatch(fetchDoctor(doctor.name));
      setComment('');
    } catch (message) {
      void popupError(t('profile.rateFailed', { message: String(message) }));
    }
  };

  return (
    <div className="card border-0 shadow-sm">
      <div className="card-body p-4">
        <div className="doctor-profile__photo mb-3">
          <DoctorPhoto doctor={doctor} />
          {rate > 3 && <span className="doctor-badge">{t('card.topRated')}</span>}
        </div>
        <h2 className="h4 mb-1">
          <DoctorName name={doctor.name} />
        </h2>
        {doctor.education[0] && (
          <p className="text-muted mb-1" dir="auto">
            {doctor.education[0].degree}
          </p>
        )}
        <p className="doctor-list-card__dept mb-3">{departmentName(doctor.specialization)}</p>
        {loggedIn && (
          <Field id="rating-comment" className="mb-2" labelClassName="form-label small mb-1" label={t('profile.comment')}>
            <textarea
              id="rating-comment"
              className="form-control form-control-sm"
              rows={2}
              maxLength={1000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
            <div className="form-text">{t('profile.commentHelp')}</div>
          </Field>
        )}
        <div className="mb-1 doctor-profile__rate">
          <StarRating value={rate} onRate={(n) => void onRate(n)} label={t('profile.rate', { name: titled(doctor.name) })} />
        </div>
        <p className="small mb-4">
          {t('profile.total')} <strong>{rate.toFixed(1)}</strong> / 5{doctor.ratings ? t('profile.ratings', { count: doctor.ratings }) : ''}
        </p>
        <h3 className="h6 text-uppercase text-muted">{t('profile.personal')}</h3>
        <dl className="doctor-info mb-0">
          <dt>{t('profile.phone')}</dt>
          <dd>{doctor.phone ? <bdi dir="ltr">{`+(20) ${doctor.phone}`}</bdi> : '-'}</dd>
          <dt>{t('profile.office')}</dt>
          <dd>{doctor.officeNumber || '-'}</dd>
          <dt>{t('profile.email')}</dt>
          <dd className="text-break">{doctor.email ? <a href={`mailto:${doctor.email}`}>{doctor.email}</a> : '-'}</dd>
          <dt>{t('profile.address')}</dt>
          <dd dir="auto">{doctor.address || [doctor.government, doctor.country].filter(Boolean).join(', ') || '-'}</dd>
        </dl>
        {doctor.reviews && doctor.reviews.length > 0 && (
          <Section className="mt-4" titleId="doctor-reviews" level="h3" titleClassName="h6 text-uppercase text-muted" title={t('profile.reviews')}>
            <ul className="list-unstyled mb-0">
              {doctor.reviews.map((review) => (
                <li key={`${review.date}-${review.comment.slice(0, 20)}`} className="border-top pt-2 mt-2">
                  <span className="small fw-semibold">{review.rate} / 5</span>
                  <span className="small text-muted ms-2">{formatDate(review.date)}</span>
                  <p className="mb-0 small text-break" dir="auto" style={{ whiteSpace: 'pre-line' }}>
                    {review.comment}
                  </p>
                </li>
              ))}
            </ul>
          </Section>
        )}
      </div>
    </div>
  );
}
