import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { FilePicker } from '../../ui/FilePicker';
import { useTranslation } from '../../i18n';
import { selectUser, submitLicence } from '../session';

/**
 * The licence of a doctor or pharmacist whose account waits for approval: the sign-up may have come
 * without it (the existing client's form has no field for it). An administrator approves only once
 * the number(s) and the document are there; after approval the licence is fixed.
 */
export function LicenceSection() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('settings');
  const user = useAppSelector(selectUser);
  const role = user?.roles?.[0];
  const [number, setNumber] = useState(user?.licenseNumber ?? '');
  const [pharmacyNumber, setPharmacyNumber] = useState(user?.pharmacyLicenseNumber ?? '');
  const [document, setDocument] = useState<File | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user || (role !== 'doctor' && role !== 'pharmacist') || !user.status || user.status === 'approved') return null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    const form: Record<string, string | Blob> = { licenseNumber: number };
    if (role === 'pharmacist') form.pharmacyLicenseNumber = pharmacyNumber;
    if (document) form.licenseDocument = document;
    setBusy(true);
    try {
      setSuccess((await dispatch(submitLicence(form)).unwrap()).message);
    } catch (message) {
      setError(String(message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card border-warning mb-4" aria-labelledby="licence-title">
      <div className="card-body">
        <h2 id="licence-title" className="h5">
          {t('licence.title')}
        </h2>
        <p className="small text-muted">{t('licence.intro')}</p>
        <SuccessAlert message={success} />
        <ErrorAlert message={error} />
        <Form onSubmit={(e) => void onSubmit(e)}>
          <div className="row">
            <Form.Group className="mb-3 col-md-6" controlId="licence-number">
              <Form.Label>{t('licence.number')}</Form.Label>
              <Form.Control value={number} onChange={(e) => setNumber(e.target.value)} />
            </Form.Group>
            {role === 'pharmacist' && (
              <Form.Group className="mb-3 col-md-6" controlId="licence-pharmacy-number">
                <Form.Label>{t('licence.pharmacyNumber')}</Form.Label>
                <Form.Control value={pharmacyNumber} onChange={(e) => setPharmacyNumber(e.target.value)} />
              </Form.Group>
            )}
            <Form.Group className="mb-3 col-md-6" controlId="licence-document">
              <Form.Label>{t('licence.document')}</Form.Label>
              <FilePicker id="licence-document" accept="application/pdf,image/png,image/gif,image/jpeg" onFiles={(files) => setDocument(files[0])} />
              <Form.Text>{user.hasLicenseDocument ? t('licence.documentOnFile') : t('licence.documentMissing')}</Form.Text>
            </Form.Group>
          </div>
          <button type="submit" className="btn btn-warning" disabled={busy}>
            {busy ? t('licence.sending') : t('licence.send')}
          </button>
        </Form>
      </div>
    </section>
  );
}
