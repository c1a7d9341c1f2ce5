import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatNumber, slotDay, slotTime, zoneLabel } from '../../ui/clinicTime';
import { departmentName } from '../../ui/departments';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { popupError } from '../../ui/popup';
import { Spinner } from '../../ui/Spinner';
import { i18n, useTranslation } from '../../i18n';
import { selectRole } from '../session';
import { AddAppointmentModal } from './AddAppointmentModal';
import {
  downloadCalendar,
  fetchAppointments,
  markAttendance,
  selectAppointments,
  selectAppointmentsError,
  selectAppointmentsStatus,
} from './appointmentsSlice';
import { CancelAppointmentModal } from './CancelAppointmentModal';
import { RescheduleModal } from './RescheduleModal';
import { MyRequests } from './MyRequests';
import { RequestsPanel } from './RequestsPanel';
import type { Appointment } from './types';
import { DataTable } from '../../ui/DataTable';
import { DoctorName, useDoctorTitle } from '../../ui/DoctorName';

// Only a doctor writing a prescription needs the form (and its product search): it loads when opened.
const WritePrescriptionModal = lazy(() => import('../prescriptions/WritePrescriptionModal').then((m) => ({ default: m.WritePrescriptionModal })));

/**
 * Settings → Appointments. Doctors publish slots and see who reserved them (with history and chat
 * links); patients see the slots they reserved and may cancel them.
 */
export default function AppointmentsTab() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useTranslation('appointments', { keyPrefix: 'tab' });
  const role = useAppSelector(selectRole);
  const appointments = useAppSelector(selectAppointments);
  const status = useAppSelector(selectAppointmentsStatus);
  const error = useAppSelector(selectAppointmentsError);
  const [adding, setAdding] = useState(false);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [moving, setMoving] = useState<Appointment | null>(null);
  const [prescribing, setPrescribing] = useState<{ _id: string; name: string } | null>(null);
  /** The server's confirmation of the last prescription written from this table. */
  const [written, setWritten] = useState<string | null>(null);
  const closeAdd = useCallback(() => setAdding(false), []);
  const closeCancel = useCallback(() => setCancelling(null), []);
  const closeMove = useCallback(() => setMoving(null), []);
  const asPatient = role === 'patient';

  useEffect(() => {
    if (role === 'patient' || role === 'doctor') void dispatch(fetchAppointments());
  }, [dispatch, role]);

  // Administrators answer every appointment request (the role is granted by the clinic).
  if ((role as string) === 'admin') {
    return (
      <>
        <h2 className="h4">{t('title')}</h2>
        <RequestsPanel />
      </>
    );
  }

  if (role !== 'patient' && role !== 'doctor') {
    return (
      <>
        <h2 className="h4">{t('title')}</h2>
        <p className="text-muted mb-0">{t('onlyRoles')}</p>
      </>
    );
  }

  const zone = zoneLabel(appointments[0]?.timeZone);

  return (
    <>
      <div className="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-3">
        <h2 className="h4 mb-0">{t('title')}</h2>
        {asPatient ? (
          <button type="button" className="btn btn-primary" onClick={() => navigate('/appointment/request')}>
            {t('request')}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            {t('add')}
          </button>
        )}
      </div>
      <ErrorAlert message={status === 'failed' ? error : null} />
      <SuccessAlert message={written} />
      {status === 'loading' && appointments.length === 0 ? (
        <Spinner label={t('loading')} />
      ) : appointments.length === 0 && status === 'succeeded' ? (
        <EmptyState message={asPatient ? t('noneReserved') : t('noneAdded')}>
          {asPatient && (
            <Link className="btn btn-outline-primary" to="/doctors">
              {t('findDoctor')}
            </Link>
          )}
        </EmptyState>
      ) : (
        <DataTable
          rows={appointments}
          className="align-middle table-stack"
          caption={zone && t('zone', { zone })}
          captionClassName="small"
          columns={[
            t('date'),
            t('time'),
            ...(asPatient ? [t('doctor'), t('department')] : [t('patient'), t('history'), t('visit')]),
            t('chat'),
            <span className="visually-hidden">{asPatient ? t('cancel') : t('delete')}</span>,
          ]}
          row={(a) => (
            <AppointmentRow
              key={a._id}
              appointment={a}
              asPatient={asPatient}
              onCancel={() => setCancelling(a)}
              onMove={() => setMoving(a)}
              onPrescribe={() => {
                setWritten(null);
                setPrescribing(a.patient ?? null);
              }}
            />
          )}
        />
      )}
      {asPatient ? <MyRequests /> : <RequestsPanel />}
      {!asPatient && <AddAppointmentModal show={adding} onClose={closeAdd} />}
      <CancelAppointmentModal appointment={cancelling} asPatient={asPatient} onClose={closeCancel} />
      {asPatient && <RescheduleModal appointment={moving} onClose={closeMove} />}
      {!asPatient && prescribing && (
        <Suspense fallback={<Spinner />}>
          <WritePrescriptionModal
            patient={prescribing}
            onClose={() => setPrescribing(null)}
            onWritten={(rx, message) => setWritten(`${message} (${rx.code})`)}
          />
        </Suspense>
      )}
    </>
  );
}

/** When a patient's appointment can no longer be cancelled or moved, the sentence saying why; null while it can. */
function closedReason(a: Appointment): string | null {
  if (!a.changeableUntil) return null;
  const until = new Date(a.changeableUntil);
  if (until.getTime() > Date.now()) return null;
  if (a.startsAt && new Date(a.startsAt).getTime() <= Date.now()) return i18n.t('tab.taken', { ns: 'appointments' });
  const hours = a.startsAt ? Math.round((new Date(a.startsAt).getTime() - until.getTime()) / 3600000) : null;
  return i18n.t('tab.closed', { ns: 'appointments', hours: hours === null ? i18n.t('tab.some', { ns: 'appointments' }) : formatNumber(hours) });
}

interface RowProps {
  appointment: Appointment;
  asPatient: boolean;
  onCancel: () => void;
  onMove: () => void;
  onPrescribe: () => void;
}

function AppointmentRow({ appointment: a, asPatient, onCancel, onMove, onPrescribe }: RowProps) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('appointments', { keyPrefix: 'tab' });
  const titled = useDoctorTitle();
  const when = t('when', { day: slotDay(a.date), time: slotTime(a.time) });
  const closed = asPatient ? closedReason(a) : null;
  const reasonId = `closed-${a._id}`;
  const addToCalendar = () => {
    dispatch(downloadCalendar(a._id))
      .unwrap()
      .catch((message: unknown) => void popupError(String(message)));
  };
  return (
    <tr>
      <td data-label={t('date')}>{slotDay(a.date)}</td>
      <td className="text-nowrap" data-label={t('time')}>
        {slotTime(a.time)}
      </td>
      {asPatient ? (
        <>
          <td data-label={t('doctor')}>
            {a.doctor ? (
              <Link to={`/doctor/${encodeURIComponent(a.doctor.name)}`}>
                <DoctorName name={a.doctor.name} />
              </Link>
            ) : (
              '-'
            )}
          </td>
          <td data-label={t('department')}>{a.doctor?.specialization ? departmentName(a.doctor.specialization) : '-'}</td>
        </>
      ) : (
        <>
          <td data-label={t('patient')}>{a.reserved && a.patient ? <bdi>{a.patient.name}</bdi> : <span className="text-muted">{t('notReserved')}</span>}</td>
          <td data-label={t('history')}>
            {a.reserved && a.patient ? (
              <div className="d-flex flex-column align-items-start gap-1">
                <Link to={`/history/${a.patient._id}`} aria-label={t('historyOf', { name: a.patient.name })}>
                  {t('historyLink')}
                </Link>
                <button type="button" className="btn btn-outline-primary btn-sm" aria-label={t('prescribeFor', { name: a.patient.name })} onClick={onPrescribe}>
                  {t('prescribe')}
                </button>
              </div>
            ) : (
              '-'
            )}
          </td>
          <td data-label={t('visit')}>
            <AttendanceCell appointment={a} />
          </td>
        </>
      )}
      <td data-label={t('chat')}>
        {a.reserved ? (
          <Link
            to={a.chat ? `/chat?chat=${a.chat}` : '/chat'}
            aria-label={t('chatWith', { name: asPatient ? (a.doctor?.name ? titled(a.doctor.name) : t('theDoctor')) : (a.patient?.name ?? t('thePatient')) })}
          >
            {t('chat')}
          </Link>
        ) : (
          '-'
        )}
      </td>
      <td className="text-end">
        <div className="d-flex flex-wrap gap-1 justify-content-end">
          {a.reserved && (
            <button type="button" className="btn btn-sm btn-outline-primary" aria-label={t('calendarLabel', { when })} onClick={addToCalendar}>
              {t('calendar')}
            </button>
          )}
          {asPatient && (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              aria-label={t('moveLabel', { when })}
              aria-describedby={closed ? reasonId : undefined}
              disabled={Boolean(closed)}
              onClick={onMove}
            >
              {t('move')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            aria-label={asPatient ? t('cancelLabel', { when }) : t('deleteLabel', { when })}
            aria-describedby={closed ? reasonId : undefined}
            disabled={Boolean(closed)}
            onClick={onCancel}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        {closed && (
          <p id={reasonId} className="small text-muted mb-0 mt-1">
            {closed}
          </p>
        )}
      </td>
    </tr>
  );
}

const attendanceKey = { attended: 'attended', no_show: 'noShow' } as const;

/**
 * After a reserved slot's time, the doctor marks whether the patient came. A no-show cannot rate
 * the doctor for that visit. Before the time there is nothing to mark yet.
 */
function AttendanceCell({ appointment: a }: { appointment: Appointment }) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('appointments', { keyPrefix: 'tab' });
  const [saving, setSaving] = useState(false);
  const started = a.startsAt ? new Date(a.startsAt).getTime() <= Date.now() : false;
  if (!a.reserved || !a.patient || !started) return <span className="text-muted">-</span>;
  const name = a.patient.name;
  const mark = async (attendance: 'attended' | 'no_show') => {
    setSaving(true);
    try {
      await dispatch(markAttendance({ id: a._id, attendance })).unwrap();
    } catch (message) {
      void popupError(String(message));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="d-flex flex-wrap gap-1 align-items-center">
      {a.attendance ? <span className="badge text-bg-light border me-1">{t(attendanceKey[a.attendance])}</span> : null}
      {a.attendance !== 'attended' && (
        <button
          type="button"
          className="btn btn-sm btn-outline-success"
          disabled={saving}
          aria-label={t('attendedLabel', { name })}
          onClick={() => void mark('attended')}
        >
          {t('attended')}
        </button>
      )}
      {a.attendance !== 'no_show' && (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={saving}
          aria-label={t('noShowLabel', { name })}
          onClick={() => void mark('no_show')}
        >
          {t('noShow')}
        </button>
      )}
    </div>
  );
}
