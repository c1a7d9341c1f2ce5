import { useState } from 'react';
import { useAppSelector, useServerData } from '../../app/hooks';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { formatDateTime, formatNumber } from '../../ui/clinicTime';
import { useTranslation } from '../../i18n';
import { fetchAudit, selectAudit } from './adminSlice';
import { Section } from '../../ui/Section';

/** Every administrator action, newest first, 50 a page. */
export function AuditTab() {
  const [page, setPage] = useState(1);
  useServerData(fetchAudit, page);
  const { data, error } = useAppSelector(selectAudit);
  const { t } = useTranslation('admin');

  return (
    <Section titleId="admin-audit-title" titleClassName="h4" title={t('audit.title')}>
      <ErrorAlert message={error} />
      {!data && !error && <Spinner label={t('audit.loading')} />}
      {data?.entries.length === 0 && <p>{t('audit.empty')}</p>}
      {data && data.entries.length > 0 && (
        <div className="table-responsive">
          <table className="table table-sm table-stack">
            <thead>
              <tr>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.who')}</th>
                <th scope="col">{t('audit.what')}</th>
                <th scope="col">{t('audit.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => (
                <tr key={e._id}>
                  <td data-label={t('audit.when')}>
                    <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>
                  </td>
                  <td data-label={t('audit.who')}>{e.actor.name}</td>
                  <td data-label={t('audit.what')}>
                    {t(`audit.actions.${e.action}`, { defaultValue: e.action })} {e.targetLabel}
                  </td>
                  <td data-label={t('audit.reason')}>{e.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.pages > 1 && (
        <nav aria-label={t('audit.pages')} className="d-flex gap-2 align-items-center">
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('audit.newer')}
          </button>
          <span>{t('audit.page', { page: formatNumber(page), pages: formatNumber(data.pages) })}</span>
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={page >= data.pages} onClick={() => setPage(page + 1)}>
            {t('audit.older')}
          </button>
        </nav>
      )}
    </Section>
  );
}
