import { useEffect, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { departments } from '../../ui/departments';
import { PageBanner } from '../../ui/PageBanner';
import { useTranslation } from '../../i18n';
import { popupError, popupSuccess } from '../../ui/popup';
import { selectIsLoggedIn, selectUser } from '../session';
import { fetchDepartmentDoctors, selectDepartmentDoctors } from './appointmentsSlice';
import { sendAppointmentRequest } from './requestsSlice';
import { untitledName, useDoctorTitle } from '../../ui/DoctorName';

/** The specification's pause before the confirmation popup; it now also covers the server's answer. */
const confirmationDelayMs = 1000;
const pause = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * The appointment request form. Department and doctor come from the address and are then locked;
 * a signed-in visitor's name and email are filled in and locked. The request is stored by the
 * server; the success popup appears only once it has been, and a refusal shows the server's message.
 */
export default function AppointmentRequestPage() {
  const { doctorName: routeName, specialization } = useParams();
  // An address from before titles left stored names ("/appointment/request/Dr. Ahmed Hassan/…") names him as stored.
  const doctorName = routeName === undefined ? undefined : untitledName(routeName);
  const dispatch = useAppDispatch();
  const { t } = useTranslation('appointments');
  const titled = useDoctorTitle();
  const user = useAppSelector(selectUser);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const doctors = useAppSelector(selectDepartmentDoctors);
  const routeDepartment = departments.find((d) => d.toLowerCase() === specialization?.toLowerCase()) ?? specialization ?? '';
  const [department, setDepartment] = useState(routeDepartment);
  const [doctor, setDoctor] = useState(doctorName ?? '');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState(typeof user?.phone === 'string' ? user.phone : '');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    setDepartment(routeDepartment);
    setDoctor(doctorName ?? '');
  }, [routeDepartment, doctorName]);

  useEffect(() => {
    if (department) void dispatch(fetchDepartmentDoctors(department));
  }, [dispatch, department]);

  const lockedPerson = loggedIn && Boolean(user);
  const shownName = lockedPerson ? (user?.name ?? '') : name;
  const shownEmail = lockedPerson ? (user?.email ?? '') : email;
  const doctorOptions = doctors.map((d) => d.name);
  if (doctor && !doctorOptions.includes(doctor)) doctorOptions.unshift(doctor);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    const form = { name: shownName, email: shownEmail, phone, department, doctor, date, time, reason };
    const [result] = await Promise.all([dispatch(sendAppointmentRequest(form)), pause(confirmationDelayMs)]);
    setSending(false);
    if (sendAppointmentRequest.fulfilled.match(result)) {
      setDate('');
      setTime('');
      setReason('');
      void popupSuccess(t('request.done'));
    } else {
      void popupError(result.payload ?? t('request.failed'));
    }
  };

  return (
    <>
      <PageBanner title={t('request.title')} />
      <div className="container py-5">
        <div className="card border-0 shadow-sm mx-auto" style={{ maxWidth: 820 }}>
          <div className="card-body p-4 p-md-5">
            <h2 className="h4 mb-1">{t('request.heading')}</h2>
            <p className="text-muted mb-4">
              {t('request.introBefore')}
              <Link to="/doctors">{t('request.introLink')}</Link>
              {t('request.introAfter')}
            </p>
            <Form onSubmit={(e) => void onSubmit(e)} noValidate>
              <div className="row g-3">
                <Form.Group className="col-md-6" controlId="request-name">
                  <Form.Label>{t('request.name')}</Form.Label>
                  <Form.Control
                    value={shownName}
                    readOnly={lockedPerson}
                    disabled={lockedPerson}
                    onChange={(e) => setName(e.target.value)}
                    autoComplete="name"
                  />
                </Form.Group>
                <Form.Group className="col-md-6" controlId="request-email">
                  <Form.Label>{t('request.email')}</Form.Label>
                  <Form.Control
                    type="email"
                    value={shownEmail}
                    readOnly={lockedPerson}
                    disabled={lockedPerson}
                    onChange={(e) => setEmail(e.target.value)}
                    autoComplete="email"
                  />
                </Form.Group>
                <Form.Group className="col-md-6" controlId="request-phone">
                  <Form.Label>{t('request.phone')}</Form.Label>
                  <Form.Control type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
                </Form.Group>
                <Form.Group className="col-md-6" controlId="request-department">
                  <Form.Label>{t('request.department')}</Form.Label>
                  <Form.Select
                    value={department}
                    disabled={Boolean(routeDepartment)}
                    onChange={(e) => {
                      setDepartment(e.target.value);
                      setDoctor('');
                    }}
                  >
                    <option value="">{t('request.pickDepartment')}</option>
                    {departments.map((d) => (
                      <option key={d} value={d}>
                        {t(`departments.${d}`, { ns: 'common' })}
                      </option>
                    ))}
                    {routeDepartment && !(departments as readonly string[]).includes(routeDepartment) && (
                      <option value={routeDepartment}>{routeDepartment}</option>
                    )}
                  </Form.Select>
                </Form.Group>
                <Form.Group className="col-md-6" controlId="request-doctor">
                  <Form.Label>{t('request.doctor')}</Form.Label>
                  <Form.Select value={doctor} disabled={Boolean(doctorName)} onChange={(e) => setDoctor(e.target.value)}>
                    <option value="">{department ? t('request.pickDoctor') : t('request.departmentFirst')}</option>
                    {doctorOptions.map((d) => (
                      <option key={d} value={d}>
                        {titled(d)}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
                <Form.Group className="col-md-3" controlId="request-date">
                  <Form.Label>{t('request.date')}</Form.Label>
                  <Form.Control type="date" value={date} onChange={(e) => setDate(e.target.value)} />
                </Form.Group>
                <Form.Group className="col-md-3" controlId="request-time">
                  <Form.Label>{t('request.time')}</Form.Label>
                  <Form.Control type="time" value={time} onChange={(e) => setTime(e.target.value)} />
                </Form.Group>
                <Form.Group className="col-12" controlId="request-note">
                  <Form.Label>{t('request.reason')}</Form.Label>
                  <Form.Control
                    as="textarea"
                    rows={3}
                    maxLength={1000}
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    placeholder={t('request.reasonHint')}
                  />
                </Form.Group>
              </div>
              <button type="submit" className="btn btn-primary mt-4" disabled={sending}>
                {sending ? t('request.sending') : t('request.submit')}
              </button>
            </Form>
          </div>
        </div>
      </div>
    </>
  );
}
