import { useState, type FormEvent } from 'react';
import { useList } from '../../api/useList';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { adminApi } from './adminApi';
import { ReasonAction } from './ReasonAction';
import type { AdminUser } from './types';
import { useAdminAction } from './useAdminAction';

/** Every account with search; suspend with a reason (sessions end at once) or reinstate. */
export function UsersTab() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const { items, error, reload } = useList<AdminUser>(`admin/users?q=${encodeURIComponent(q)}`, 'users');
  const action = useAdminAction(reload);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };

  return (
    <section aria-labelledby="admin-users-title">
      <h2 id="admin-users-title" className="h4">
        Users
      </h2>
      <form className="d-flex gap-2 mb-3" role="search" onSubmit={search}>
        <label className="visually-hidden" htmlFor="admin-users-q">
          Search users by name, email or username
        </label>
        <input id="admin-users-q" type="search" className="form-control" placeholder="Name, email or username" value={draft} onChange={(e) => setDraft(e.target.value)} />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>
      <SuccessAlert message={action.message} />
      <ErrorAlert message={action.error ?? error} />
      {items === null && <Spinner label="Loading users…" />}
      {items?.length === 0 && <p>No account matches.</p>}
      {items && items.length > 0 && (
        <div className="table-responsive">
          <table className="table align-middle">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {items.map((u) => (
                <tr key={u._id}>
                  <td>{u.name}</td>
                  <td className="text-break">{u.email}</td>
                  <td>{u.role}</td>
                  <td>
                    {u.status}
                    {u.statusReason && <div className="small text-muted">{u.statusReason}</div>}
                  </td>
                  <td>
                    {u.status === 'approved' && u.role !== 'admin' && (
                      <ReasonAction label="Suspend" subject={u.name} onConfirm={(reason) => action.run(() => adminApi.suspend(u._id, reason))} />
                    )}
                    {u.status === 'suspended' && (
                      <button type="button" className="btn btn-sm btn-outline-success" onClick={() => void action.run(() => adminApi.reinstate(u._id))}>
                        Reinstate {u.name}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
