import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Dialog, DialogFooter } from '../../ui/Dialog';
import { useAppDispatch } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { formatNumber } from '../../ui/clinicTime';
import { ProductPicker } from './ProductPicker';
import { SafetyWarning } from './SafetyWarning';
import { writePrescription, type NewPrescriptionLine, type PickedProduct, type WriteFailure } from './prescriptionsSlice';
import type { Prescription, SafetyConflict } from './types';
import './texts';
import { Field } from '../../ui/Field';

interface DraftLine {
  key: number;
  product: PickedProduct | null;
  medicine: string;
  dose: string;
  frequency: string;
  duration: string;
  quantity: string;
  notes: string;
}

let nextKey = 1;
const emptyLine = (): DraftLine => ({ key: nextKey++, product: null, medicine: '', dose: '', frequency: '', duration: '', quantity: '1', notes: '' });

const toBody = (line: DraftLine): NewPrescriptionLine => ({
  ...(line.product ? { product: line.product._id } : { medicine: line.medicine.trim() }),
  dose: line.dose.trim(),
  frequency: line.frequency.trim(),
  duration: line.duration.trim(),
  quantity: Number(line.quantity),
  notes: line.notes.trim(),
});

/** A line's short texts; each name is also its label's key under `write.`. */
const textFields = ['dose', 'frequency', 'duration'] as const;

interface Props {
  patient: { _id: string; name: string };
  onClose: () => void;
  /** Called once the server wrote it. */
  onWritten?: (prescription: Prescription, message: string) => void;
}

/** The doctor's prescription form: lines of a catalogue product or a free-text medicine, with the safety check's warning. */
export function WritePrescriptionModal({ patient, onClose, onWritten }: Props) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('prescriptions');
  const [lines, setLines] = useState<DraftLine[]>(() => [emptyLine()]);
  const [notes, setNotes] = useState('');
  const [validDays, setValidDays] = useState('30');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [conflicts, setConflicts] = useState<SafetyConflict[] | null>(null);

  const update = (key: number, changes: Partial<DraftLine>) => {
    setConflicts(null);
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...changes } : l)));
  };

  const send = async (acknowledgeWarnings: boolean) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await dispatch(
        writePrescription({ patient: patient._id, lines: lines.map(toBody), notes: notes.trim(), validDays: Number(validDays), acknowledgeWarnings }),
      ).unwrap();
      setConflicts(null);
      onWritten?.(answer.prescription, answer.message);
      onClose();
    } catch (rejected) {
      const failure = JSON.parse(String(rejected)) as WriteFailure;
      if (failure.conflicts) setConflicts(failure.conflicts);
      else setError(failure.message);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };

  return (
    <Dialog
      titleId="write-prescription-title"
      title={t('write.title', { name: patient.name })}
      closeLabel={t('write.close')}
      onHide={onClose}
      size="lg"
      fullscreen="sm-down"
      centered={false}
      onSubmit={submit}
    >
      <Modal.Body>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        {lines.map((line, index) => {
          const id = `rx-line-${line.key}`;
          const number = formatNumber(index + 1);
          return (
            <fieldset key={line.key} className="border rounded p-2 mb-3">
              <legend className="h6 float-none w-auto px-1">{t('write.medicine', { number })}</legend>
              {line.product ? (
                <p className="mb-2">
                  <strong>
                    <bdi>{line.product.name}</bdi>
                  </strong>
                  {line.product.pharmacy ? t('picker.pharmacy', { pharmacy: line.product.pharmacy }) : ''}{' '}
                  <button type="button" className="btn btn-link btn-sm p-0" onClick={() => update(line.key, { product: null })}>
                    {t('write.change', { number })}
                  </button>
                </p>
              ) : (
                <>
                  <ProductPicker idPrefix={id} onPick={(product) => update(line.key, { product, medicine: '' })} />
                  <label className="form-label small" htmlFor={`${id}-medicine`}>
                    {t('write.other')}
                  </label>
                  <input
                    id={`${id}-medicine`}
                    className="form-control form-control-sm mb-2"
                    value={line.medicine}
                    onChange={(e) => update(line.key, { medicine: e.target.value })}
                  />
                </>
              )}
              <div className="row g-2">
                {textFields.map((field) => (
                  <div key={field} className="col-12 col-sm-4">
                    <label className="form-label small" htmlFor={`${id}-${field}`}>
                      {t(`write.${field}`)}
                    </label>
                    <input
                      id={`${id}-${field}`}
                      className="form-control form-control-sm"
                      value={line[field]}
                      onChange={(e) => update(line.key, { [field]: e.target.value })}
                    />
                  </div>
                ))}
                <Field id={`${id}-quantity`} className="col-12 col-sm-4" labelClassName="form-label small" label={t('write.quantity')}>
                  <input
                    id={`${id}-quantity`}
                    className="form-control form-control-sm"
                    type="number"
                    min={1}
                    max={100}
                    value={line.quantity}
                    onChange={(e) => update(line.key, { quantity: e.target.value })}
                  />
                </Field>
                <Field id={`${id}-notes`} className="col-12 col-sm-8" labelClassName="form-label small" label={t('write.notes')}>
                  <input
                    id={`${id}-notes`}
                    className="form-control form-control-sm"
                    value={line.notes}
                    onChange={(e) => update(line.key, { notes: e.target.value })}
                  />
                </Field>
              </div>
              {lines.length > 1 && (
                <button type="button" className="btn btn-outline-danger btn-sm mt-2" onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}>
                  {t('write.remove', { number })}
                </button>
              )}
            </fieldset>
          );
        })}
        <button type="button" className="btn btn-outline-primary btn-sm mb-3" onClick={() => setLines((all) => [...all, emptyLine()])}>
          {t('write.add')}
        </button>
        <div className="row g-2">
          <Field id="rx-notes" className="col-12 col-sm-8" label={t('write.patientNotes')}>
            <textarea id="rx-notes" className="form-control" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </Field>
          <Field id="rx-valid-days" className="col-12 col-sm-4" label={t('write.validDays')}>
            <input id="rx-valid-days" className="form-control" type="number" min={1} value={validDays} onChange={(e) => setValidDays(e.target.value)} />
          </Field>
        </div>
        {conflicts && (
          <div className="mt-3">
            <SafetyWarning
              intro={t('write.clash', { name: patient.name })}
              conflicts={conflicts}
              busy={busy}
              actionLabel={t('write.anyway')}
              onAcknowledge={() => void send(true)}
            />
          </div>
        )}
      </Modal.Body>
      <DialogFooter closeText={t('write.cancel')} onClose={onClose}>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t(busy ? 'write.writing' : 'write.submit')}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
