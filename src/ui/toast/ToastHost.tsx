import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { selectToasts, toastClosed, type Toast } from './toastSlice';
import './toast.css';

/** How long a toast stays before it goes away by itself. */
export const toastShownForMs = 6000;

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(toastClosed(toast.id)), toastShownForMs);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id]);
  return (
    <div className={`toast show align-items-center border-0 text-bg-${toast.tone === 'success' ? 'success' : 'primary'}`}>
      <div className="d-flex">
        <div className="toast-body">{toast.text}</div>
        <button
          type="button"
          className="btn-close btn-close-white me-2 m-auto toast-host__close"
          aria-label={t('toast.close')}
          onClick={() => dispatch(toastClosed(toast.id))}
        />
      </div>
    </div>
  );
}

/** The corner where toasts appear; screen readers hear each one (a polite status region). */
export function ToastHost() {
  const toasts = useAppSelector(selectToasts);
  return (
    <div className="toast-host" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
