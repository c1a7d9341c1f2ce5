import { Link } from 'react-router-dom';
import { dollarsOf } from '../../ui/money';
import { DoctorPhoto } from './DoctorPhoto';
import type { DoctorSummary } from './types';
import { useTranslation } from '../../i18n';
import { formatNumber, slotMoment } from '../../ui/clinicTime';
import { departmentName } from '../../ui/departments';
import { DoctorName, useDoctorTitle } from '../../ui/DoctorName';

/** A doctor on /doctors: photo, department, rating, next free slot, fee and the ways to book. */
export function DoctorListCard({ doctor, timeZone }: { doctor: DoctorSummary; timeZone?: string }) {
  const { t, i18n } = useTranslation('doctors');
  const titled = useDoctorTitle();
  const rate = typeof doctor.rate === 'number' ? doctor.rate : 0;
  const profile = `/doctor/${encodeURIComponent(doctor.name)}`;
  return (
    <article className="card h-100 doctor-list-card">
      <div className="doctor-list-card__photo">
        <DoctorPhoto doctor={doctor} lazy />
        {rate > 3 && <span className="doctor-badge">{t('card.topRated')}</span>}
      </div>
      <div className="card-body d-flex flex-column">
        <h2 className="h5 mb-1">
          <Link to={profile} className="text-decoration-none">
            <DoctorName name={doctor.name} />
          </Link>
        </h2>
        <p className="doctor-list-card__dept mb-2">{departmentName(doctor.specialization)}</p>
        <p className="small text-muted mb-3">
          {rate > 0 ? (
            <>
              <span className="text-warning" aria-hidden="true">
                ★
              </span>{' '}
              {i18n.language === 'en' ? rate.toFixed(1) : formatNumber(Number(rate.toFixed(1)))} <span className="visually-hidden">{t('card.outOf5')}</span>
              {doctor.ratings ? t('card.ratings', { count: doctor.ratings }) : ''}
            </>
          ) : (
            t('card.notRated')
          )}
        </p>
        {doctor.nextSlot !== undefined && (
          <p className="small mb-1">
            <span className="fw-semibold">{t('card.nextSlot')}</span> {doctor.nextSlot ? slotMoment(doctor.nextSlot, timeZone) : t('card.noSlot')}
          </p>
        )}
        {doctor.fee !== undefined && (
          <p className="small mb-3">
            <span className="fw-semibold">{t('card.fee')}</span> {doctor.fee > 0 ? <bdi>{dollarsOf(doctor.fee)}</bdi> : t('card.askReception')}
          </p>
        )}
        {doctor.nextSlot === undefined && (
          <p className="small mb-3 doctor-list-card__hours">
            <span className="fw-semibold">{t('card.hours')}</span> {t('card.hoursValue')}
          </p>
        )}
        <div className="mt-auto d-flex gap-2 flex-wrap">
          <Link className="btn btn-primary btn-sm" to={profile} aria-label={t('card.viewProfileOf', { name: titled(doctor.name) })}>
            {t('card.viewProfile')}
          </Link>
          <Link
            className="btn btn-outline-primary btn-sm"
            to={`/appointment/request/${encodeURIComponent(doctor.name)}/${encodeURIComponent(doctor.specialization)}`}
            aria-label={t('card.requestWith', { name: titled(doctor.name) })}
          >
            {t('card.request')}
          </Link>
        </div>
      </div>
    </article>
  );
}
