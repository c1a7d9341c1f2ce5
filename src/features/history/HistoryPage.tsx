import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { PrivateImage } from '../../ui/PrivateImage';
import Modal from 'react-bootstrap/Modal';
import { Dialog } from '../../ui/Dialog';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { formatNumber } from '../../ui/clinicTime';
import { selectIsLoggedIn, selectRole, selectUserId } from '../session';
import { AccessLogPanel } from './AccessLogPanel';
import { addForms } from './addForms';
import { ConfirmChangeDialog } from './ConfirmChangeDialog';
import { HistorySection, type ChangeRequest } from './HistorySection';
import { changeHistoryEntry, clearUndo, fetchHistory, selectHistoryState, type UndoOffer } from './historySlice';
import { PatientCard } from './PatientCard';
import { sections } from './sections';
import type { HistoryKind } from './types';
import { UndoToast } from './UndoToast';
import './history.css';
import './texts';
import { Switch } from '../../ui/Switch';

// Only a doctor writing a prescription needs the form (and its product search): it loads when opened.
// The add form (with its file picker) loads when it is opened, keeping the page's first load in its budget.
const AddEntryModal = lazy(() => import('./AddEntryModal').then((m) => ({ default: m.AddEntryModal })));
const WritePrescriptionModal = lazy(() => import('../prescriptions/WritePrescriptionModal').then((m) => ({ default: m.WritePrescriptionModal })));

/**
 * /history/:userId — a patient's medical history. The owner adds entries, removes her own, hides
 * her doctors' (each after a confirmation, with Undo) and sees who opened her record; her doctors
 * read it and add entries signed with their name; anyone else gets the server's refusal.
 */
export default function HistoryPage() {
  const { userId = '' } = useParams();
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const viewerId = useAppSelector(selectUserId);
  const role = useAppSelector(selectRole);
  const { history, status, error, notice, patientId, undo } = useAppSelector(selectHistoryState);
  const [adding, setAdding] = useState<HistoryKind | null>(null);
  const [confirming, setConfirming] = useState<ChangeRequest | null>(null);
  const [prescribing, setPrescribing] = useState(false);
  /** The server's confirmation of a prescription written from this page. */
  const [written, setWritten] = useState<string | null>(null);
  const [showHidden, setShowHidden] = useState(false);
  const [result, setResult] = useState<{ src: string; label: string } | null>(null);
  const { t } = useTranslation('history');

  useEffect(() => {
    if (loggedIn && userId) void dispatch(fetchHistory(userId));
  }, [dispatch, loggedIn, userId]);

  const current = history && patientId === userId ? history : null;
  const owner = Boolean(current && viewerId && viewerId === current.patient._id);
  // The server let a doctor read this history, so he cares for her and may add to it (it checks again).
  const caringDoctor = Boolean(current && !owner && role === 'doctor');
  const hiddenCount = current ? sections.reduce((n, spec) => n + spec.rows(current, () => undefined).filter((r) => r.meta.hidden).length, 0) : 0;

  const change = useCallback(
    async (request: ChangeRequest) => {
      // A failure shows above the sections (from the slice); the row stays.
      await dispatch(changeHistoryEntry({ ...request, patientId: userId }));
    },
    [dispatch, userId],
  );
  const ask = (request: ChangeRequest) => (request.change === 'unhide' ? void change(request) : setConfirming(request));
  const confirm = async (request: ChangeRequest) => {
    await change(request);
    setConfirming(null);
  };
  const undoChange = useCallback(
    (offer: UndoOffer) => change({ change: offer.change === 'hide' ? 'unhide' : 'restore', kind: offer.kind, id: offer.id, label: offer.label }),
    [change],
  );
  const expireUndo = useCallback(() => dispatch(clearUndo()), [dispatch]);

  return (
    <>
      <PageBanner title={t('title')} />
      <div className="container py-5 history-page">
        {!loggedIn && (
          <div className="alert alert-info" role="status">
            {t('login.before')}
            <Link to="/account/login">{t('login.link')}</Link>
            {t('login.after')}
          </div>
        )}
        {loggedIn && !current && status !== 'failed' && <Spinner label={t('loading')} />}
        {loggedIn && !current && status === 'failed' && (
          <div className="history-refused">
            <ErrorAlert message={error ?? t('loadFailed')} />
            <Link to="/" className="btn btn-outline-primary">
              {t('backHome')}
            </Link>
          </div>
        )}
        {current && (
          <div className="row g-4">
            <div className="col-lg-4">
              <PatientCard history={current} />
            </div>
            <div className="col-lg-8">
              {!owner && !caringDoctor && (
                <p className="text-muted small" role="note">
                  {t('readOnly')}
                </p>
              )}
              {caringDoctor && (
                <>
                  <p className="text-muted small" role="note">
                    {t('doctorNote')}
                  </p>
                  <button
                    type="button"
                    className="btn btn-primary btn-sm mb-3"
                    onClick={() => {
                      setWritten(null);
                      setPrescribing(true);
                    }}
                  >
                    {t('writePrescription')}
                  </button>
                  <SuccessAlert message={written} />
                </>
              )}
              {owner && (
                <Switch
                  className="mb-3"
                  id="history-show-hidden"
                  checked={showHidden}
                  onChange={setShowHidden}
                  label={hiddenCount > 0 ? t('showHiddenCount', { number: formatNumber(hiddenCount) }) : t('showHidden')}
                />
              )}
              <div aria-live="polite">
                {notice?.tone === 'success' && <SuccessAlert message={t('added')} />}
                {notice?.tone === 'error' && <ErrorAlert message={notice.text ?? t('changeFailed')} />}
              </div>
              {sections.map((spec) => (
                <HistorySection
                  key={spec.kind}
                  spec={spec}
                  history={current}
                  owner={owner}
                  canAdd={owner || caringDoctor}
                  showHidden={showHidden}
                  onAdd={() => setAdding(spec.kind)}
                  onChange={ask}
                  showResult={(src, label) => setResult({ src, label })}
                />
              ))}
              {owner && <AccessLogPanel patientId={current.patient._id} />}
            </div>
          </div>
        )}
      </div>
      {adding && current && (
        <Suspense fallback={<Spinner />}>
          <AddEntryModal key={adding} spec={addForms[adding]} patientId={current.patient._id} asDoctor={caringDoctor} onClose={() => setAdding(null)} />
        </Suspense>
      )}
      {prescribing && current && (
        <Suspense fallback={<Spinner />}>
          <WritePrescriptionModal
            patient={{ _id: current.patient._id, name: current.patient.name }}
            onClose={() => setPrescribing(false)}
            onWritten={(rx, message) => {
              setWritten(`${message} (${rx.code})`);
              // Its medicines joined her history's medicines section.
              void dispatch(fetchHistory(userId));
            }}
          />
        </Suspense>
      )}
      {confirming && <ConfirmChangeDialog request={confirming} onConfirm={confirm} onCancel={() => setConfirming(null)} />}
      {owner && undo && <UndoToast key={`${undo.change}-${undo.id}`} offer={undo} onUndo={undoChange} onExpire={expireUndo} />}
      <Dialog titleId="history-result-title" title={result?.label} closeLabel={t('close')} show={Boolean(result)} onHide={() => setResult(null)} size="lg">
        <Modal.Body className="text-center">
          {result && <PrivateImage className="history-result-full" src={result.src} alt={t('resultAlt', { label: result.label })} />}
        </Modal.Body>
      </Dialog>
    </>
  );
}
