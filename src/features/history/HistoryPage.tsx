import { useEffect, useState } from 'react';
import { PrivateImage } from '../../ui/PrivateImage';
import Modal from 'react-bootstrap/Modal';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { selectIsLoggedIn, selectUserId } from '../session/sessionSlice';
import { AccessLogPanel } from './AccessLogPanel';
import { AddEntryModal } from './AddEntryModal';
import { addForms } from './addForms';
import { HistorySection } from './HistorySection';
import { fetchHistory, fetchHistoryDoctors, selectHistoryState } from './historySlice';
import { PatientCard } from './PatientCard';
import { sections } from './sections';
import type { HistoryKind } from './types';
import './history.css';

/**
 * /history/:userId — a patient's medical history. The owner adds and removes entries and sees
 * who opened her record; her doctors read it; anyone else gets the server's refusal.
 */
export default function HistoryPage() {
  const { userId = '' } = useParams();
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const viewerId = useAppSelector(selectUserId);
  const { history, status, error, notice, patientId } = useAppSelector(selectHistoryState);
  const [adding, setAdding] = useState<HistoryKind | null>(null);
  const [result, setResult] = useState<{ src: string; label: string } | null>(null);

  useEffect(() => {
    if (loggedIn && userId) void dispatch(fetchHistory(userId));
  }, [dispatch, loggedIn, userId]);

  const current = history && patientId === userId ? history : null;
  const owner = Boolean(current && viewerId && viewerId === current.patient._id);

  useEffect(() => {
    if (owner) void dispatch(fetchHistoryDoctors());
  }, [dispatch, owner]);

  return (
    <>
      <PageBanner title="Medical History" />
      <div className="container py-5 history-page">
        {!loggedIn && (
          <div className="alert alert-info" role="status">
            Please <Link to="/account/login">log in</Link> to see this medical history.
          </div>
        )}
        {loggedIn && !current && status !== 'failed' && <Spinner label="Loading the medical history…" />}
        {loggedIn && !current && status === 'failed' && (
          <div className="history-refused">
            <ErrorAlert message={error} />
            <Link to="/" className="btn btn-outline-primary">
              Back to the home page
            </Link>
          </div>
        )}
        {current && (
          <div className="row g-4">
            <div className="col-lg-4">
              <PatientCard history={current} />
            </div>
            <div className="col-lg-8">
              {!owner && (
                <p className="text-muted small" role="note">
                  You are viewing this medical history read-only.
                </p>
              )}
              <div aria-live="polite">
                {notice?.tone === 'success' && <SuccessAlert message={notice.text} />}
                {notice?.tone === 'error' && <ErrorAlert message={notice.text} />}
              </div>
              {sections.map((spec) => (
                <HistorySection
                  key={spec.kind}
                  spec={spec}
                  history={current}
                  owner={owner}
                  onAdd={() => setAdding(spec.kind)}
                  showResult={(src, label) => setResult({ src, label })}
                />
              ))}
              {owner && <AccessLogPanel patientId={current.patient._id} />}
            </div>
          </div>
        )}
      </div>
      {adding && current && <AddEntryModal key={adding} spec={addForms[adding]} patientId={current.patient._id} onClose={() => setAdding(null)} />}
      <Modal show={Boolean(result)} onHide={() => setResult(null)} centered size="lg" aria-labelledby="history-result-title">
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="history-result-title" as="h2" className="h5">
            {result?.label}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="text-center">{result && <PrivateImage className="history-result-full" src={result.src} alt={`Result of ${result.label}`} />}</Modal.Body>
      </Modal>
    </>
  );
}
