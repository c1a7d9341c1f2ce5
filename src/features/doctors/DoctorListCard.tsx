import { Link } from 'react-router-dom';
import { dollarsOf } from '../cart/money';
import { DoctorPhoto } from './DoctorPhoto';
import type { DoctorSummary } from './types';

/** "Tue, 26 Nov, 10:00 AM" in the clinic's time zone (the browser's when the zone is unknown). */
function nextSlotText(iso: string, timeZone: string | undefined): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', hour12: true }).format(at);
}

/** A doctor on /doctors: photo, department, rating, next free slot, fee and the ways to book. */
export function DoctorListCard({ doctor, timeZone }: { doctor: DoctorSummary; timeZone?: string }) {
  const rate = typeof doctor.rate === 'number' ? doctor.rate : 0;
  const profile = `/doctor/${encodeURIComponent(doctor.name)}`;
  return (
    <article className="card h-100 doctor-list-card">
      <div className="doctor-list-card__photo">
        <DoctorPhoto doctor={doctor} lazy />
        {rate > 3 && <span className="doctor-badge">Top rated</span>}
      </div>
      <div className="card-body d-flex flex-column">
        <h2 className="h5 mb-1">
          <Link to={profile} className="text-decoration-none">
            {doctor.name}
          </Link>
        </h2>
        <p className="doctor-list-card__dept mb-2">{doctor.specialization}</p>
        <p className="small text-muted mb-3">
          {rate > 0 ? (
            <>
              <span className="text-warning" aria-hidden="true">
                ★
              </span>{' '}
              {rate.toFixed(1)} <span className="visually-hidden">out of 5</span>
              {doctor.ratings ? ` (${doctor.ratings} ${doctor.ratings === 1 ? 'rating' : 'ratings'})` : ''}
            </>
          ) : (
            'Not rated yet'
          )}
        </p>
        {doctor.nextSlot !== undefined && (
          <p className="small mb-1">
            <span className="fw-semibold">Next free slot:</span> {doctor.nextSlot ? nextSlotText(doctor.nextSlot, timeZone) : 'none open yet'}
          </p>
        )}
        {doctor.fee !== undefined && (
          <p className="small mb-3">
            <span className="fw-semibold">Fee:</span> {doctor.fee > 0 ? dollarsOf(doctor.fee) : 'ask reception'}
          </p>
        )}
        {doctor.nextSlot === undefined && (
          <p className="small mb-3 doctor-list-card__hours">
            <span className="fw-semibold">Clinic hours:</span> Sat – Thu, 10:00 AM – 6:00 PM
          </p>
        )}
        <div className="mt-auto d-flex gap-2 flex-wrap">
          <Link className="btn btn-primary btn-sm" to={profile} aria-label={`View profile of ${doctor.name}`}>
            View profile
          </Link>
          <Link
            className="btn btn-outline-primary btn-sm"
            to={`/appointment/request/${encodeURIComponent(doctor.name)}/${encodeURIComponent(doctor.specialization)}`}
            aria-label={`Request appointment with ${doctor.name}`}
          >
            Request appointment
          </Link>
        </div>
      </div>
    </article>
  );
}
