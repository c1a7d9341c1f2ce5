import { useMemo, useState, type FormEvent } from 'react';
import { useAppSelector, useServerData } from '../../app/hooks';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { DataTable } from '../../ui/DataTable';
import { useTranslation } from '../../i18n';
import { fetchUsers, reinstateUser, selectUsers, suspendUser } from './adminSlice';
import { Pager } from './Pager';
import { ReasonAction } from './ReasonAction';
import { useAdminAction } from './useAdminAction';
import { Section } from '../../ui/Section';

/** Every account with search, 50 a page; suspend with a reason (sessions end at once) or reinstate. */
export function UsersTab() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const reload = useServerData(
    fetchUsers,
    useMemo(() => ({ q, page }), [q, page]),
  );
  const { data, error } = useAppSelector(selectUsers);
  const items = data?.items ?? null;
  const action = useAdminAction(reload);
  const { t } = useTranslation('admin');
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };

  return (
    <Section titleId="admin-users-title" titleClassName="h4" title={t('users.title')}>
      <form className="d-flex gap-2 mb-3" role="search" onSubmit={search}>
        <label className="visually-hidden" htmlFor="admin-users-q">
          {t('users.searchLabel')}
        </label>
        <input
          id="admin-users-q"
          type="search"
          className="form-control"
          placeholder={t('users.searchPlaceholder')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          {t('users.search')}
        </button>
      </form>
      <SuccessAlert message={action.message} focus />
      <ErrorAlert message={action.error} focus />
      <ErrorAlert message={error} />
      <DataTable
        rows={items}
        loadingLabel={t('users.loading')}
        empty={<p>{t('users.empty')}</p>}
        className="align-middle table-stack"
        columns={[t('users.name'), t('users.email'), t('users.role'), t('users.status'), t('users.action')]}
        row={(u) => (
          <tr key={u._id}>
            <td data-label={t('users.name')}>{u.name}</td>
            <td data-label={t('users.email')} className="text-break">
              <bdi>{u.email}</bdi>
            </td>
            <td data-label={t('users.role')}>{t(`roles.${u.role}`, { defaultValue: u.role })}</td>
            <td data-label={t('users.status')}>
              {t(`statuses.${u.status}`, { defaultValue: u.status })}
              {u.statusReason && <div className="small text-muted">{u.statusReason}</div>}
            </td>
            <td data-label={t('users.action')}>
              {u.status === 'approved' && u.role !== 'admin' && (
                <ReasonAction action="suspend" subject={u.name} onConfirm={(reason) => action.run(suspendUser({ id: u._id, reason }))} />
              )}
              {u.status === 'suspended' && (
                <button type="button" className="btn btn-sm btn-outline-success" onClick={() => void action.run(reinstateUser(u._id))}>
                  {t('users.reinstate', { name: u.name })}
                </button>
              )}
            </td>
          </tr>
        )}
      />
      <Pager page={page} pages={data?.pages ?? 1} label={t('users.pages')} onPage={setPage} />
    </Section>
  );
}
