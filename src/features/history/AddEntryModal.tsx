import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useAppDispatch } from '../../app/hooks';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { fieldsFor, initialValues, type AddFormSpec, type FieldSpec } from './addForms';
import { addHistoryEntry } from './historySlice';

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
            <Form.Control type="text" inputMode="numeric" placeholder={field.placeholder} aria-describedby={`${id}-hint`} value={values[field.name]} onChange={(e) => set(field.name, e.target.value)} />
            <Form.Text id={`${id}-hint`}>MM-DD-YYYY</Form.Text>
          </>
        );
      case 'severity':
        return (
          <Form.Select value={values[field.name]} onChange={(e) => set(field.name, e.target.value)}>
            <option value="">Choose the severity</option>
            <option value="mild">mild</option>
            <option value="moderate">moderate</option>
            <option value="severe">severe</option>
          </Form.Select>
        );
      case 'condition':
        return (
          <Form.Select value={values[field.name]} onChange={(e) => set(field.name, e.target.value)}>
            <option value="true">cured</option>
            <option value="false">still not cured</option>
          </Form.Select>
        );
      case 'file':
        return <Form.Control type="file" accept="image/png,image/gif,image/jpeg" onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0])} />;
      default:
        return <Form.Control type="text" placeholder={field.placeholder} value={values[field.name]} onChange={(e) => set(field.name, e.target.value)} />;
    }
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby={titleId}>
      <Form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id={titleId} as="h2" className="h5">
            {spec.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {asDoctor && (
            <p className="text-muted small" role="note">
              This entry will be signed with your name.
            </p>
          )}
          {fields.map((field) => (
            <Form.Group className="mb-3" controlId={`${spec.kind}-${field.name}`} key={field.name}>
              <Form.Label>{field.label}</Form.Label>
              {input(field)}
            </Form.Group>
          ))}
          <ErrorAlert message={error} className="mb-0" />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Adding…' : 'Add'}
          </button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
