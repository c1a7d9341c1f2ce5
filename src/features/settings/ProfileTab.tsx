import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { CountryGovernmentFields } from '../geo';
import { selectRole, selectUser, updateProfile } from '../session/sessionSlice';
import { profileChanges, profileValuesOf, type ProfileTextField } from './profileChanges';

export const noChangeMessage = 'There is no change to save';

const textInputs: Array<{ field: ProfileTextField; label: string; type: string; autoComplete?: string }> = [
  { field: 'name', label: 'Full name', type: 'text', autoComplete: 'name' },
  { field: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { field: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
];

export default function ProfileTab() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const role = useAppSelector(selectRole);
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
      setError(noChangeMessage);
      return;
    }
    if (needsCurrentPassword) changes.currentPassword = currentPassword;
    setBusy(true);
    try {
      const { message } = await dispatch(updateProfile(changes)).unwrap();
      // What the server adds (a link sent to a new email, other sessions signed out) stays on screen.
      const note = message.replace(/^Profile updated\.?\s*/, '');
      setSuccess(note ? `Updated Successfully. ${note}` : 'Updated Successfully');
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
        {user?.image && <img src={user.image} alt={user.name || 'Profile photo'} width={72} height={72} className="rounded-circle object-fit-cover" />}
        <div>
          <h2 className="h4 mb-0">{user?.name || 'Your profile'}</h2>
          {role && <p className="text-muted mb-0 text-capitalize">{role}</p>}
        </div>
      </div>
      <ErrorAlert message={error} />
      <SuccessAlert message={success} />
      <Form onSubmit={onSubmit} noValidate>
        <div className="row">
          {textInputs.map((input) => (
            <Form.Group key={input.field} className="mb-3 col-md-6" controlId={`profile-${input.field}`}>
              <Form.Label>{input.label}</Form.Label>
              <Form.Control type={input.type} autoComplete={input.autoComplete} value={values[input.field]} onChange={(e) => set(input.field, e.target.value)} />
            </Form.Group>
          ))}
          <Form.Group className="mb-3 col-md-6" controlId="profile-password">
            <Form.Label>New password</Form.Label>
            <Form.Control type="password" autoComplete="new-password" value={values.password} placeholder="Leave empty to keep it" onChange={(e) => set('password', e.target.value)} />
          </Form.Group>
          {needsCurrentPassword && (
            <Form.Group className="mb-3 col-md-6" controlId="profile-current-password">
              <Form.Label>Current password (needed to change your email or password)</Form.Label>
              <Form.Control type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} />
            </Form.Group>
          )}
          <Form.Group className="mb-3 col-md-6" controlId="profile-gender">
            <Form.Label>Gender</Form.Label>
            <Form.Control type="text" value={user?.gender || 'Not set'} readOnly plaintext className="text-capitalize" />
          </Form.Group>
        </div>
        <CountryGovernmentFields country={values.country} government={values.government} onChange={(p) => setValues((v) => ({ ...v, ...p }))} />
        {role === 'pharmacist' && (
          <div className="row">
            <Form.Group className="mb-3 col-md-6" controlId="profile-pharmacy-location">
              <Form.Label>Pharmacy location</Form.Label>
              <Form.Control type="text" value={values.pharmacyLocation} onChange={(e) => set('pharmacyLocation', e.target.value)} />
            </Form.Group>
            <Form.Group className="mb-3 col-md-6" controlId="profile-working-date">
              <Form.Label>Working date</Form.Label>
              <Form.Control type="text" value={values.workingDate} placeholder="ex: Sun–Thu 9:00–21:00" onChange={(e) => set('workingDate', e.target.value)} />
            </Form.Group>
          </div>
        )}
        <Form.Group className="mb-3" controlId="profile-about">
          <Form.Label>About</Form.Label>
          <Form.Control as="textarea" rows={3} value={values.about} onChange={(e) => set('about', e.target.value)} />
        </Form.Group>
        <div className="row">
          <Form.Group className="mb-3 col-md-6" controlId="profile-image">
            <Form.Label>Profile photo</Form.Label>
            <Form.Control type="file" accept="image/png,image/gif,image/jpeg" onChange={(e) => setImage((e.target as HTMLInputElement).files?.[0])} />
          </Form.Group>
          {role !== 'patient' && (
            <Form.Group className="mb-3 col-md-6" controlId="profile-certificate">
              <Form.Label>Certificate (png, gif, jpeg, jpg)</Form.Label>
              <Form.Control type="file" accept=".png,.gif,.jpeg,.jpg,image/png,image/gif,image/jpeg" onChange={(e) => setCertificate((e.target as HTMLInputElement).files?.[0])} />
            </Form.Group>
          )}
        </div>
        <button type="submit" className="btn btn-primary px-5" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </Form>
    </>
  );
}
