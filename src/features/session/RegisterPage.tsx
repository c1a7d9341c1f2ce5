import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { departments } from '../../ui/departments';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import {
  bloodTypeOptions,
  certificateAccept,
  licenseDocumentAccept,
  registrationFields,
  registrationRedirectMs,
  registrationTitles,
  textFieldInfo,
  type TextField,
} from './registrationFields';
import { CountryGovernmentFields } from '../geo';
import { register } from './sessionSlice';
import type { RegistrationKind } from './types';

const emptyText: Record<TextField, string> = {
  name: '', username: '', email: '', password: '', phone: '', location: '', pharmacyName: '', officeNumber: '', height: '', weight: '',
  licenseNumber: '', pharmacyLicenseNumber: '',
};

export const registrationSuccess = 'Account created successfully, you will be redirected in moments';
export const professionalSuccess =
  'Account created successfully. The clinic checks your licence before your account is listed; you will be redirected in moments';

export default function RegisterPage({ kind }: { kind: RegistrationKind }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const fields = registrationFields[kind];
  const [text, setText] = useState(emptyText);
  const [place, setPlace] = useState({ country: '', government: '' });
  const [gender, setGender] = useState('');
  const [bloodType, setBloodType] = useState('');
  const [specialization, setSpecialization] = useState('');
  const [image, setImage] = useState<File | undefined>();
  const [certificate, setCertificate] = useState<File | undefined>();
  const [licenseDocument, setLicenseDocument] = useState<File | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    const form: Record<string, string | Blob | undefined> = {
      ...Object.fromEntries(fields.text.map((f) => [f, text[f]])),
      country: place.country,
      government: place.government,
      gender: fields.gender ? gender : undefined,
      blood_type: fields.bloodType ? bloodType : undefined,
      specialization: fields.specialization ? specialization : undefined,
      image,
      certificate: fields.certificate ? certificate : undefined,
      licenseDocument: kind === 'patient' ? undefined : licenseDocument,
    };
    try {
      await dispatch(register({ kind, form })).unwrap();
      setSuccess(kind === 'patient' ? registrationSuccess : professionalSuccess);
      window.setTimeout(() => navigate('/account/login', { state: location.state }), registrationRedirectMs[kind]);
    } catch (message) {
      setError(String(message));
      setBusy(false);
    }
  };

  return (
    <>
      <PageBanner title={registrationTitles[kind]} />
      <div className="container py-5">
        <div className="card shadow-sm border-0 auth-card">
          <div className="card-body p-4 p-md-5">
            <RegistrationSwitcher kind={kind} />
            <ErrorAlert message={error} focus />
            <SuccessAlert message={success} focus />
            <Form onSubmit={onSubmit} noValidate>
              <div className="row">
                {fields.text.map((field) => {
                  const info = textFieldInfo[field];
                  return (
                    <Form.Group key={field} className="mb-3 col-md-6" controlId={`register-${field}`}>
                      <Form.Label>{info.label}</Form.Label>
                      <Form.Control
                        type={info.type}
                        autoComplete={info.autoComplete}
                        value={text[field]}
                        placeholder={info.hint}
                        onChange={(e) => setText({ ...text, [field]: e.target.value })}
                      />
                    </Form.Group>
                  );
                })}
                {fields.gender && (
                  <Form.Group className="mb-3 col-md-6" controlId="register-gender">
                    <Form.Label>Gender</Form.Label>
                    <Form.Select value={gender} onChange={(e) => setGender(e.target.value)}>
                      <option value="">Select</option>
                      <option value="male">Male</option>
                      <option value="female">Female</option>
                    </Form.Select>
                  </Form.Group>
                )}
                {fields.bloodType && (
                  <Form.Group className="mb-3 col-md-6" controlId="register-blood-type">
                    <Form.Label>Blood type</Form.Label>
                    <Form.Select value={bloodType} onChange={(e) => setBloodType(e.target.value)}>
                      <option value="">Select</option>
                      {bloodTypeOptions.map((b) => (
                        <option key={b.value} value={b.value}>
                          {b.label}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                )}
                {fields.specialization && (
                  <Form.Group className="mb-3 col-md-6" controlId="register-specialization">
                    <Form.Label>Specialization *</Form.Label>
                    <Form.Select value={specialization} onChange={(e) => setSpecialization(e.target.value)}>
                      <option value="">Select a department</option>
                      {departments.map((d) => (
                        <option key={d} value={d}>
                          {d}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                )}
              </div>
              <div className="row">
                <div className="col-12">
                  <CountryGovernmentFields country={place.country} government={place.government} onChange={setPlace} />
                </div>
              </div>
              <div className="row">
                <Form.Group className="mb-3 col-md-6" controlId="register-image">
                  <Form.Label>Profile photo</Form.Label>
                  <Form.Control type="file" accept="image/png,image/gif,image/jpeg" onChange={(e) => setImage((e.target as HTMLInputElement).files?.[0])} />
                </Form.Group>
                {fields.certificate && (
                  <Form.Group className="mb-3 col-md-6" controlId="register-certificate">
                    <Form.Label>Certificate (png, gif, jpeg, jpg)</Form.Label>
                    <Form.Control type="file" accept={certificateAccept} onChange={(e) => setCertificate((e.target as HTMLInputElement).files?.[0])} />
                  </Form.Group>
                )}
                {kind !== 'patient' && (
                  <Form.Group className="mb-3 col-md-6" controlId="register-license-document">
                    <Form.Label>Licence document (PDF or image, seen only by the clinic's administrators)</Form.Label>
                    <Form.Control type="file" accept={licenseDocumentAccept} onChange={(e) => setLicenseDocument((e.target as HTMLInputElement).files?.[0])} />
                  </Form.Group>
                )}
              </div>
              <button type="submit" className="btn btn-primary px-5 mt-2" disabled={busy}>
                {busy ? 'Creating account…' : 'Create account'}
              </button>
            </Form>
            <p className="mt-4 mb-0">
              Already registered? <Link to="/account/login" state={location.state}>Log in</Link>
            </p>
          </div>
        </div>
      </div>
    </>
  );
}

function RegistrationSwitcher({ kind }: { kind: RegistrationKind }) {
  const links: Array<{ kind: RegistrationKind; to: string; label: string }> = [
    { kind: 'patient', to: '/account/register', label: 'Patient' },
    { kind: 'doctor', to: '/account/doctor', label: 'Doctor' },
    { kind: 'pharmacist', to: '/account/pharmacist', label: 'Pharmacist' },
  ];
  return (
    <nav aria-label="Register as" className="mb-4">
      <p className="mb-2 text-muted">Register as</p>
      <div className="btn-group" role="group">
        {links.map((l) => (
          <Link key={l.kind} to={l.to} className={`btn ${l.kind === kind ? 'btn-primary' : 'btn-outline-primary'}`} aria-current={l.kind === kind ? 'page' : undefined}>
            {l.label}
          </Link>
        ))}
      </div>
    </nav>
  );
}
