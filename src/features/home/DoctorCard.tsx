import { Link } from 'react-router-dom';
import { secureUrl } from '../../ui/text';
import type { TopDoctor } from './types';
import { useTranslation } from '../../i18n';
import { formatNumber } from '../../ui/clinicTime';
import { departmentName } from '../../ui/departments';
import { DoctorName, useDoctorTitle } from '../../ui/DoctorName';

/** A doctor in the top-doctors carousel: photo, name, department and a link to the profile. */
export function DoctorCard({ doctor }: { doctor: TopDoctor }) {
  const { t, i18n } = useTranslation('home');
  const titled = useDoctorTitle();
  const rate = typeof doctor.rate === 'number' ? doctor.rate : 0;
  return (
    <article className="doctor-card">
      <div className="doctor-card__photo">
        <img src={secureUrl(doctor.image)} alt={titled(doctor.name)} width={400} height={400} loading="lazy" decoding="async" />
        {rate > 3 && <span className="doctor-card__badge">{t('doctors.topRated')}</span>}
      </div>
      <div className="doctor-card__body">
        <h3 className="doctor-card__name">
          <DoctorName name={doctor.name} />
        </h3>
        <p className="doctor-card__specialty">{departmentName(doctor.specialization)}</p>
        {rate > 0 && (
          <p className="doctor-card__rate">
            <span aria-hidden="true">★</span> {i18n.language === 'en' ? rate.toFixed(1) : formatNumber(Number(rate.toFixed(1)))}{' '}
            <span className="visually-hidden">{t('doctors.outOf5')}</span>
          </p>
        )}
        <Link
          className="btn btn-outline-primary btn-sm"
          to={`/doctor/${encodeURIComponent(doctor.name)}`}
          aria-label={t('doctors.viewProfileOf', { name: titled(doctor.name) })}
        >
          {t('doctors.viewProfile')}
        </Link>
      </div>
    </article>
  );
}
