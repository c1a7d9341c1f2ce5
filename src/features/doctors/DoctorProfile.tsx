import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { popupError, popupInfo, popupSuccess } from '../../ui/popup';
import { StarRating } from '../../ui/StarRating';
import { selectIsLoggedIn } from '../session/sessionSlice';
import { DoctorPhoto } from './DoctorPhoto';
import { rateDoctor } from './doctorsSlice';
import type { DoctorDetail } from './types';

/** Photo, contact details and the rating stars a patient clicks to rate. */
export function DoctorProfile({ doctor }: { doctor: DoctorDetail }) {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const rate = typeof doctor.rate === 'number' ? doctor.rate : 0;

  const onRate = async (value: number) => {
    if (!loggedIn) {
      void popupInfo('Please log in to rate this doctor');
      return;
    }
    try {
      await dispatch(rateDoctor({ doctorId: doctor._id, rate: value })).unwrap();
      void popupSuccess('Submitted successfully');
    } catch (message) {
      void popupError(`${String(message)} || An error occurred, try again`);
    }
  };

  return (
    <div className="card border-0 shadow-sm">
      <div className="card-body p-4">
        <div className="doctor-profile__photo mb-3">
          <DoctorPhoto doctor={doctor} />
          {rate > 3 && <span className="doctor-badge">Top rated</span>}
        </div>
        <h2 className="h4 mb-1">{doctor.name}</h2>
        {doctor.education[0] && <p className="text-muted mb-1">{doctor.education[0].degree}</p>}
        <p className="doctor-list-card__dept mb-3">{doctor.specialization}</p>
        <div className="mb-1 doctor-profile__rate">
          <StarRating value={rate} onRate={(n) => void onRate(n)} label={`Rate ${doctor.name}`} />
        </div>
        <p className="small mb-4">
          Total Rate: <strong>{rate.toFixed(1)}</strong> / 5
          {doctor.ratings ? ` · ${doctor.ratings} ${doctor.ratings === 1 ? 'rating' : 'ratings'}` : ''}
        </p>
        <h3 className="h6 text-uppercase text-muted">Personal info</h3>
        <dl className="doctor-info mb-0">
          <dt>Phone</dt>
          <dd>{doctor.phone ? `+(20) ${doctor.phone}` : '-'}</dd>
          <dt>Office number</dt>
          <dd>{doctor.officeNumber || '-'}</dd>
          <dt>Email</dt>
          <dd className="text-break">{doctor.email ? <a href={`mailto:${doctor.email}`}>{doctor.email}</a> : '-'}</dd>
          <dt>Address</dt>
          <dd>{doctor.address || [doctor.government, doctor.country].filter(Boolean).join(', ') || '-'}</dd>
        </dl>
      </div>
    </div>
  );
}
