import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { departments } from '../../ui/departments';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import { useTranslation } from '../../i18n';
import {
  bloodTypeOptions,
  certificateAccept,
  licenseDocumentAccept,
  registrationFields,
  registrationRedirectMs,
  textFieldInfo,
  type TextField,
} from './registrationFields';
import { CountryGovernmentFields } from '../geo';
import { register } from './sessionSlice';
import type { RegistrationKind } from './types';
import { FilePicker } from '../../ui/FilePicker';
import { AccountSwitch } from './AccountSwitch';

const emptyText: Record<TextField, string> = {
  name: '',
  username: '',
  email: '',
  password: '',
  phone: '',
  location: '',
  pharmacyName: '',
  officeNumber: '',
  height: '',
  weight: '',
  licenseNumber: '',
  pharmacyLicenseNumber: '',
};

export default function RegisterPage({ kind }: { kind: RegistrationKind }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation('auth');
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
      setSuccess(t(kind === 'patient' ? 'register.done' : 'register.doneProfessional'));
      window.setTimeout(() => navigate('/account/login', { state: location.state }), registrationRedirectMs[kind]);
    } catch (message) {
      setError(String(message));
      setBusy(false);
    }
  };

  return (
    <>
      <PageBanner title={t(`register.title.${kind}`)} />
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
                      <Form.Label>{t(`register.field.${field}`)}</Form.Label>
                      <Form.Control
                        type={info.type}
                        autoComplete={info.autoComplete}
                        value={text[field]}
                        placeholder={info.hint ? t(`register.hint.${field}`) : undefined}
                        onChange={(e) => setText({ ...text, [field]: e.target.value })}
                      />
                    </Form.Group>
                  );
                })}
                {fields.gender && (
                  <Form.Group className="mb-3 col-md-6" controlId="register-gender">
                    <Form.Label>{t('register.gender')}</Form.Label>
                    <Form.Select value={gender} onChange={(e) => setGender(e.target.value)}>
                      <option value="">{t('register.select')}</option>
                      <option value="male">{t('register.male')}</option>
                      <option value="female">{t('register.female')}</option>
                    </Form.Select>
                  </Form.Group>
                )}
                {fields.bloodType && (
                  <Form.Group className="mb-3 col-md-6" controlId="register-blood-type">
                    <Form.Label>{t('register.bloodType')}</Form.Label>
                    <Form.Select value={bloodType} onChange={(e) => setBloodType(e.target.value)}>
                      <option value="">{t('register.select')}</option>
                      {bloodTypeOptions.map((b) => (
                        <option key={b.value} value={b.value} dir="ltr">
                          {b.label}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                )}
                {fields.specialization && (
                  <Form.Group className="mb-3 col-md-6" controlId="register-specialization">
                    <Form.Label>{t('register.specialization')}</Form.Label>
                    <Form.Select value={specialization} onChange={(e) => setSpecialization(e.target.value)}>
                      <option value="">{t('register.department')}</option>
                      {departments.map((d) => (
                        <option key={d} value={d}>
                          {t(`departments.${d}`, { ns: 'common' })}
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
                  <Form.Label>{t('register.photo')}</Form.Label>
                  <FilePicker id="register-image" accept="image/png,image/gif,image/jpeg" onFiles={(files) => setImage(files[0])} />
                </Form.Group>
                {fields.certificate && (
                  <Form.Group className="mb-3 col-md-6" controlId="register-certificate">
                    <Form.Label>{t('register.certificate')}</Form.Label>
                    <FilePicker id="register-certificate" accept={certificateAccept} onFiles={(files) => setCertificate(files[0])} />
                  </Form.Group>
                )}
                {kind !== 'patient' && (
                  <Form.Group className="mb-3 col-md-6" controlId="register-license-document">
                    <Form.Label>{t('register.licenseDocument')}</Form.Label>
                    <FilePicker id="register-license-document" accept={licenseDocumentAccept} onFiles={(files) => setLicenseDocument(files[0])} />
                  </Form.Group>
                )}
              </div>
              <button type="submit" className="btn btn-primary px-5 mt-2" disabled={busy}>
                {busy ? t('register.submitting') : t('register.submit')}
              </button>
            </Form>
            <AccountSwitch className="mt-4 mb-0" question={t('register.already')} to="/account/login" linkText={t('register.login')} />
          </div>
        </div>
      </div>
    </>
  );
}

function RegistrationSwitcher({ kind }: { kind: RegistrationKind }) {
  const { t } = useTranslation('auth');
  const links: Array<{ kind: RegistrationKind; to: string }> = [
    { kind: 'patient', to: '/account/register' },
    { kind: 'doctor', to: '/account/doctor' },
    { kind: 'pharmacist', to: '/account/pharmacist' },
  ];
  return (
    <nav aria-label={t('register.as')} className="mb-4">
      <p className="mb-2 text-muted">{t('register.as')}</p>
      <div className="btn-group" role="group">
        {links.map((l) => (
          <Link
            key={l.kind}
            to={l.to}
            className={`btn ${l.kind === kind ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-current={l.kind === kind ? 'page' : undefined}
          >
            {t(`register.kind.${l.kind}`)}
          </Link>
        ))}
      </div>
    </nav>
  );
}
