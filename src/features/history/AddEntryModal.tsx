import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Dialog, DialogFooter } from '../../ui/Dialog';
import { useAppDispatch } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { fieldsFor, initialValues, type AddFormSpec, type FieldSpec } from './addForms';
import { addHistoryEntry } from './historySlice';
import { FilePicker } from '../../ui/FilePicker';

interface Props {
  spec: AddFormSpec;
  patientId: string;
  /** A doctor adding to his patient's history: the server signs the entry with his name. */
  asDoctor?: boolean;
  onClose: () => void;
}

/**
 * One section's add form. Values are sent as typed (the server reads and checks them); a failure
 * shows the server's message in red, a success reloads the history and closes the form.
 */
export function AddEntryModal({ spec, patientId, asDoctor = false, onClose }: Props) {
  const dispatch = useAppDispatch();
  const fields = fieldsFor(spec, asDoctor);
  const [values, setValues] = useState<Record<string, string>>(() => initialValues({ ...spec, fields }));
  const [file, setFile] = useState<File | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = `add-${spec.kind}-title`;
  const { t } = useTranslation('history');
  const text = (field: FieldSpec, part: 'label' | 'placeholder') =>
    t(`forms.${spec.kind}.${field.name}.${part === 'label' && asDoctor && field.doctorLabel ? 'doctorLabel' : part}`);
  const placeholder = (field: FieldSpec) => (field.type === 'date' ? t('forms.datePlaceholder') : field.placeholder ? text(field, 'placeholder') : undefined);

  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await dispatch(addHistoryEntry({ kind: spec.kind, values: { ...values, result: file }, patientId, asDoctor })).unwrap();
      onClose();
    } catch (message) {
      setError(String(message));
      setBusy(false);
    }
  };

  const input = (field: FieldSpec) => {
    const id = `${spec.kind}-${field.name}`;
    switch (field.type) {
      case 'textarea':
        return <Form.Control as="textarea" rows={3} value={values[field.name]} onChange={(e) => set(field.name, e.target.value)} />;
      case 'date':
        return (
          <>
            <Form.Control
              type="text"
              inputMode="numeric"
              placeholder={placeholder(field)}
              aria-describedby={`${id}-hint`}
              value={values[field.name]}
              onChange={(e) => set(field.name, e.target.value)}
            />
            <Form.Text id={`${id}-hint`}>{t('forms.dateHint')}</Form.Text>
          </>
        );
      case 'severity':
        return (
          <Form.Select value={values[field.name]} onChange={(e) => set(field.name, e.target.value)}>
            <option value="">{t('forms.chooseSeverity')}</option>
            <option value="mild">{t('severity.mild')}</option>
            <option value="moderate">{t('severity.moderate')}</option>
            <option value="severe">{t('severity.severe')}</option>
          </Form.Select>
        );
      case 'condition':
        return (
          <Form.Select value={values[field.name]} onChange={(e) => set(field.name, e.target.value)}>
            <option value="true">{t('forms.curedOption')}</option>
            <option value="false">{t('forms.notCuredOption')}</option>
          </Form.Select>
        );
      case 'file':
        return <FilePicker id={`${spec.kind}-${field.name}`} accept="image/png,image/gif,image/jpeg" onFiles={(files) => setFile(files[0])} />;
      default:
        return <Form.Control type="text" placeholder={placeholder(field)} value={values[field.name]} onChange={(e) => set(field.name, e.target.value)} />;
    }
  };

  return (
    <Dialog titleId={titleId} title={t(`forms.${spec.kind}.title`)} closeLabel={t('close')} onHide={onClose} onSubmit={(e) => void onSubmit(e)}>
      <Modal.Body>
        {asDoctor && (
          <p className="text-muted small" role="note">
            {t('forms.signed')}
          </p>
        )}
        {fields.map((field) => (
          <Form.Group className="mb-3" controlId={`${spec.kind}-${field.name}`} key={field.name}>
            <Form.Label>{text(field, 'label')}</Form.Label>
            {input(field)}
          </Form.Group>
        ))}
        <ErrorAlert message={error} className="mb-0" />
      </Modal.Body>
      <DialogFooter closeText={t('cancel')} onClose={onClose}>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('forms.adding') : t('forms.add')}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
