import { useTranslation } from '../i18n';

/** The loading indicator every page shows while its data arrives. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-center py-5" role="status" aria-live="polite">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}
