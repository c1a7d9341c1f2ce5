import { Link } from 'react-router-dom';
import { secureUrl } from '../../ui/text';
import type { TopDoctor } from './types';

/** A doctor in the top-doctors carousel: photo, name, department and a link to the profile. */
export function DoctorCard({ doctor }: { doctor: TopDoctor }) {
  const rate = typeof doctor.rate === 'number' ? doctor.rate : 0;
  return (
    <article className="doctor-card">
      <div className="doctor-card__photo">
        <img src={secureUrl(doctor.image)} alt={doctor.name} width={400} height={400} loading="lazy" decoding="async" />
        {rate > 3 && <span className="doctor-card__badge">Top rated</span>}
      </div>
      <div className="doctor-card__body">
        <h3 className="doctor-card__name">{doctor.name}</h3>
        <p className="doctor-card__specialty">{doctor.specialization}</p>
        {rate > 0 && (
          <p className="doctor-card__rate">
            <span aria-hidden="true">★</span> {rate.toFixed(1)} <span className="visually-hidden">out of 5</span>
          </p>
        )}
        <Link className="btn btn-outline-primary btn-sm" to={`/doctor/${encodeURIComponent(doctor.name)}`} aria-label={`View profile of ${doctor.name}`}>
          View profile
        </Link>
      </div>
    </article>
  );
}
