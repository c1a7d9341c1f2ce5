import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { useTranslation } from '../../i18n';
import { CountryGovernmentFields } from '../geo';
import { selectRole, selectUser, updateProfile } from '../session';
import { profileChanges, profileValuesOf, type ProfileTextField } from './profileChanges';
import { FilePicker } from '../../ui/FilePicker';
import { PendingChangeNotice } from './PendingChangeNotice';
import { departmentName, departments } from '../../ui/departments';
import { LicenceSection } from './LicenceSection';
import { DoctorName } from '../../ui/DoctorName';

/** The editable text inputs; each label is `settings:profile.field.<field>`. */
const textInputs: Array<{ field: ProfileTextField; type: string; autoComplete?: string }> = [
  { field: 'name', type: 'text', autoComplete: 'name' },
  { field: 'username', type: 'text', autoComplete: 'username' },
  { field: 'email', type: 'email', autoComplete: 'email' },
  { field: 'phone', type: 'tel', autoComplete: 'tel' },
];

export default function ProfileTab() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('settings');
  const user = useAppSelector(selectUser);
  const role = useAppSelector(selectRole);
  // Until the clinic approves her, a professional gives her licence in LicenceSection, which shows only
  // then, and her other edits apply at once; once approved, a change of identity waits for review.
  const licenceEditable = !user?.status || user.status === 'approved';
  const [values, setValues] = useState(() => profileValuesOf(user));
  const [image, setImage] = useState<File | undefined>();
  const [certificate, setCertificate] = useState<File | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The server asks for it to change the email or the password. */
  const [currentPassword, setCurrentPassword] = useState('');
  const needsCurrentPassword = Boolean(values.password) || values.email !== profileValuesOf(user).email;

  const set = (field: keyof typeof values, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    const changes = profileChanges(user, values, { image, certificate });
    if (Object.keys(changes).length === 0) {
      setError(t('profile.noChange'));
      return;
    }
    if (needsCurrentPassword) changes.currentPassword = currentPassword;
    setBusy(true);
    try {
      const { message } = await dispatch(updateProfile(changes)).unwrap();
      // What the server adds (a link sent to a new email, other sessions signed out) stays on screen.
      const note = message.replace(/^Profile updated\.?\s*/, '');
      setSuccess(note ? t('profile.updatedWith', { note }) : t('profile.updated'));
      setCurrentPassword('');
      setBusy(false);
      if (!note) window.setTimeout(() => window.location.reload(), 1500);
    } catch (message) {
      setError(String(message));
      setBusy(false);
    }
  };

  return (
    <>
      <div className="d-flex align-items-center gap-3 mb-4">
        {user?.image && <img src={user.image} alt={user.name || t('profile.photoAlt')} width={72} height={72} className="rounded-circle object-fit-cover" />}
        <div>
          <h2 className="h4 mb-0">{user?.name ? role === 'doctor' ? <DoctorName name={user.name} /> : <bdi>{user.name}</bdi> : t('profile.you')}</h2>
          {role && <p className="text-muted mb-0 text-capitalize">{t(`register.kind.${role}`, { ns: 'auth', defaultValue: role })}</p>}
        </div>
      </div>
      <ErrorAlert message={error} />
      <LicenceSection />
      <SuccessAlert message={success} />
      <PendingChangeNotice change={user?.pendingChange} />
      <Form onSubmit={onSubmit} noValidate>
        <div className="row">
          {textInputs.map((input) => (
            <Form.Group key={input.field} className="mb-3 col-md-6" controlId={`profile-${input.field}`}>
              <Form.Label>{t(`profile.field.${input.field}`)}</Form.Label>
              <Form.Control
                type={input.type}
                autoComplete={input.autoComplete}
                value={values[input.field]}
                onChange={(e) => set(input.field, e.target.value)}
              />
            </Form.Group>
          ))}
          <Form.Group className="mb-3 col-md-6" controlId="profile-password">
            <Form.Label>{t('profile.password')}</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={values.password}
              placeholder={t('profile.keep')}
              onChange={(e) => set('password', e.target.value)}
            />
          </Form.Group>
          {needsCurrentPassword && (
            <Form.Group className="mb-3 col-md-6" controlId="profile-current-password">
              <Form.Label>{t('profile.current')}</Form.Label>
              <Form.Control type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} />
            </Form.Group>
          )}
          <Form.Group className="mb-3 col-md-6" controlId="profile-gender">
            <Form.Label>{t('profile.gender')}</Form.Label>
            <Form.Control
              type="text"
              value={user?.gender ? t(`profile.genders.${user.gender}`, { defaultValue: user.gender }) : t('profile.notSet')}
              readOnly
              plaintext
              className="text-capitalize"
            />
          </Form.Group>
        </div>
        <CountryGovernmentFields country={values.country} government={values.government} onChange={(p) => setValues((v) => ({ ...v, ...p }))} />
        {role === 'pharmacist' && (
          <div className="row">
            <Form.Group className="mb-3 col-md-6" controlId="profile-pharmacy-location">
              <Form.Label>{t('profile.pharmacyLocation')}</Form.Label>
              <Form.Control type="text" value={values.pharmacyLocation} onChange={(e) => set('pharmacyLocation', e.target.value)} />
            </Form.Group>
            <Form.Group className="mb-3 col-md-6" controlId="profile-working-date">
              <Form.Label>{t('profile.workingDate')}</Form.Label>
              <Form.Control
                type="text"
                value={values.workingDate}
                placeholder={t('profile.workingHint')}
                onChange={(e) => set('workingDate', e.target.value)}
              />
            </Form.Group>
          </div>
        )}
        {(role === 'doctor' || role === 'pharmacist') && (
          <div className="row">
            {licenceEditable && <p className="small text-muted mb-2">{t('profile.identity.reviewed')}</p>}
            {role === 'doctor' && (
              <Form.Group className="mb-3 col-md-6" controlId="profile-specialization">
                <Form.Label>{t('profile.identity.specialization')}</Form.Label>
                <Form.Select value={values.specialization} onChange={(e) => set('specialization', e.target.value)}>
                  {departments.map((d) => (
                    <option key={d} value={d}>
                      {departmentName(d)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            )}
            {/* An applicant gives her licence in the licence section above; an approved professional changes it here, for review. */}
            {licenceEditable && (
              <Form.Group className="mb-3 col-md-6" controlId="profile-licence">
                <Form.Label>{t('profile.identity.licenseNumber')}</Form.Label>
                <Form.Control type="text" value={values.licenseNumber} onChange={(e) => set('licenseNumber', e.target.value)} />
              </Form.Group>
            )}
            {licenceEditable && role === 'pharmacist' && (
              <Form.Group className="mb-3 col-md-6" controlId="profile-pharmacy-licence">
                <Form.Label>{t('profile.identity.pharmacyLicenseNumber')}</Form.Label>
                <Form.Control type="text" value={values.pharmacyLicenseNumber} onChange={(e) => set('pharmacyLicenseNumber', e.target.value)} />
              </Form.Group>
            )}
          </div>
        )}
        <Form.Group className="mb-3" controlId="profile-about">
          <Form.Label>{t('profile.about')}</Form.Label>
          <Form.Control as="textarea" rows={3} value={values.about} onChange={(e) => set('about', e.target.value)} />
        </Form.Group>
        <div className="row">
          <Form.Group className="mb-3 col-md-6" controlId="profile-image">
            <Form.Label>{t('profile.photo')}</Form.Label>
            <FilePicker id="profile-image" accept="image/png,image/gif,image/jpeg" onFiles={(files) => setImage(files[0])} />
          </Form.Group>
          {role !== 'patient' && (
            <Form.Group className="mb-3 col-md-6" controlId="profile-certificate">
              <Form.Label>{t('profile.certificate')}</Form.Label>
              <FilePicker id="profile-certificate" accept=".png,.gif,.jpeg,.jpg,image/png,image/gif,image/jpeg" onFiles={(files) => setCertificate(files[0])} />
            </Form.Group>
          )}
        </div>
        <button type="submit" className="btn btn-primary px-5" disabled={busy}>
          {busy ? t('profile.saving') : t('profile.save')}
        </button>
      </Form>
    </>
  );
}
