import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { formatNumber, formatTime, slotDay, slotTime } from '../../ui/clinicTime';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { LoginLink } from '../../ui/LoginLink';
import { selectIsLoggedIn, selectRole } from '../session';
import { reserveSlot, waitlistAction } from './doctorsSlice';
import type { AvailableDate, DoctorDetail, WaitlistStatus } from './types';
import { CardSection } from '../../ui/Section';
import { useDoctorTitle } from '../../ui/DoctorName';

/** A patient may wait for a doctor with no free time within this many days (the server checks it too). */
const horizonDays = 14;

const freeForAnyone = (s: AvailableDate, now: number) =>
  !s.reserved && (!s.heldUntil || s.heldForYou) && (!s.startsAt || new Date(s.startsAt).getTime() <= now + horizonDays * 86400000);

/**
 * The waiting list on a doctor's page. A patient joins when he has no free time in the next 14
 * days; a time held for her (from the offer's link, `?offer=`) is shown first with its Reserve button.
 */
export function WaitlistPanel({ doctor }: { doctor: DoctorDetail }) {
  const { t } = useTranslation('doctors');
  const titled = useDoctorTitle();
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectRole);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [params] = useSearchParams();
  const [status, setStatus] = useState<WaitlistStatus | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const isPatient = role === 'patient';

  useEffect(() => {
    if (!isPatient) return;
    dispatch(waitlistAction({ doctorId: doctor._id, action: 'read' }))
      .unwrap()
      .then((answer) => setStatus(answer.waitlist))
      .catch(() => setStatus(null));
  }, [dispatch, doctor._id, isPatient]);

  // The offer's link was opened by someone not logged in (a new tab, another device): she logs in
  // and comes back to this page with the offer still in its address.
  if (!loggedIn && params.get('offer')) {
    return (
      <WaitlistCard>
        <div className="alert alert-info d-flex flex-wrap gap-2 align-items-center mb-0" role="status">
          <span>{t('waitlist.heldForGuest', { name: titled(doctor.name) })}</span>
          <LoginLink className="btn btn-primary btn-sm">{t('waitlist.loginToReserve')}</LoginLink>
        </div>
      </WaitlistCard>
    );
  }
  if (!isPatient) return null;
  const held = doctor.availableDates.find((s) => s.heldForYou && (s._id === params.get('offer') || s._id === status?.offer?.slot));
  const hasFree = doctor.availableDates.some((s) => freeForAnyone(s, Date.now()));

  const run = async (action: 'join' | 'leave') => {
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      const answer = await dispatch(waitlistAction({ doctorId: doctor._id, action })).unwrap();
      setStatus(answer.waitlist);
      setMessage(answer.message);
    } catch (failure) {
      setError(String(failure));
    } finally {
      setBusy(false);
    }
  };

  const reserveHeld = async (slot: AvailableDate) => {
    setBusy(true);
    setError(null);
    try {
      await dispatch(reserveSlot({ slotId: slot._id, doctor })).unwrap();
      setStatus({ joined: false, position: null, offer: null });
      setMessage(t('modal.reserved'));
    } catch (failure) {
      setError(String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <WaitlistCard>
      {held && (
        <div className="alert alert-info d-flex flex-wrap gap-2 align-items-center" role="status">
          <span>
            {t('waitlist.held', {
              day: slotDay(held.date),
              time: slotTime(held.time),
              until: held.heldUntil ? formatTime(held.heldUntil) : t('waitlist.soon'),
            })}
          </span>
          <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void reserveHeld(held)}>
            {t('waitlist.reserveNow')}
          </button>
        </div>
      )}
      {status?.joined ? (
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <p className="mb-0">
            {t('waitlist.position', { position: status.position === null ? '' : formatNumber(status.position), name: titled(doctor.name) })}
          </p>
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={busy} onClick={() => void run('leave')}>
            {t('waitlist.leave')}
          </button>
        </div>
      ) : hasFree ? (
        <p className="text-muted mb-0">{t('waitlist.hasFree', { name: titled(doctor.name), days: formatNumber(horizonDays) })}</p>
      ) : (
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <p className="mb-0">{t('waitlist.noFree', { name: titled(doctor.name), days: formatNumber(horizonDays) })}</p>
          <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void run('join')}>
            {t('waitlist.join')}
          </button>
        </div>
      )}
      <SuccessAlert message={message} className="mt-3 mb-0" />
      <ErrorAlert message={error} className="mt-3 mb-0" />
    </WaitlistCard>
  );
}

/** The waiting list's card on the doctor's page, with its heading. */
function WaitlistCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('doctors');
  return (
    <CardSection className="border-0 shadow-sm mt-4" bodyClassName="p-4" titleId="doctor-waitlist" titleClassName="h5 mb-3" title={t('waitlist.title')}>
      {children}
    </CardSection>
  );
}
