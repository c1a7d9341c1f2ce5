import { createSlice } from '@reduxjs/toolkit';
import { toFormData } from '../../api/http';
import { addLoadableCases, arrayOf, notLoaded, type Loadable } from '../../app/loadable';
import type { RootState } from '../../app/rootReducer';
import { createServerThunk } from '../../app/serverThunk';
import { fetchPrivateFileUrl } from '../../ui/privateFile';
import { logout } from '../session';
import type { AdminUser, AuditEntry, ContentItem, ProfileChange, Stats } from './types';

export type ContentKind = 'articles' | 'products';
export interface AuditPage {
  entries: AuditEntry[];
  pages: number;
}

/** One page of a console account list (50 a page, as the server pages them). */
export interface AccountsPage {
  items: AdminUser[];
  pages: number;
}
const noAccounts: AccountsPage = { items: [], pages: 1 };
const accountsPage = (items: unknown, pages: unknown): AccountsPage => ({
  items: arrayOf<AdminUser>(items),
  pages: typeof pages === 'number' && pages >= 1 ? pages : 1,
});

interface AdminState {
  stats: Loadable<Stats>;
  audit: Loadable<AuditPage>;
  professionals: Loadable<AccountsPage>;
  profileChanges: Loadable<ProfileChange[]>;
  users: Loadable<AccountsPage>;
  content: Record<ContentKind, Loadable<ContentItem[]>>;
}

const initialState: AdminState = {
  stats: notLoaded(),
  audit: notLoaded(),
  professionals: notLoaded(),
  profileChanges: notLoaded(),
  users: notLoaded(),
  content: { articles: notLoaded(), products: notLoaded() },
};

export const fetchStats = createServerThunk('admin/stats', async (_: void, { extra, signal }) => (await extra.http.get<Stats>('admin/stats', { signal })).data);

export const fetchAudit = createServerThunk(
  'admin/audit',
  async (page: number, { extra, signal }) => (await extra.http.get<AuditPage>(`admin/audit?page=${page}`, { signal })).data,
);

/** One page of the applications of doctors and pharmacists with one status (pending, rejected, approved). */
export const fetchProfessionals = createServerThunk('admin/professionals', async ({ status, page }: { status: string; page: number }, { extra, signal }) => {
  const { data } = await extra.http.get<{ professionals?: unknown; pages?: unknown }>(`admin/professionals?status=${status}&page=${page}`, { signal });
  return accountsPage(data.professionals, data.pages);
});

/** Approved professionals' changes of name, department or licence number waiting for review. */
export const fetchProfileChanges = createServerThunk('admin/profileChanges', async (_: void, { extra, signal }) => {
  const { data } = await extra.http.get<{ changes?: unknown }>('admin/profile-changes', { signal });
  return arrayOf<ProfileChange>(data.changes);
});

/** One page of the accounts whose name or email matches `q` ('' for all). */
export const fetchUsers = createServerThunk('admin/users', async ({ q, page }: { q: string; page: number }, { extra, signal }) => {
  const { data } = await extra.http.get<{ users?: unknown; pages?: unknown }>(`admin/users?q=${encodeURIComponent(q)}&page=${page}`, { signal });
  return accountsPage(data.users, data.pages);
});

export const fetchContent = createServerThunk('admin/content', async (kind: ContentKind, { extra, signal }) => {
  const { data } = await extra.http.get<{ items?: unknown }>(`admin/${kind}`, { signal });
  return arrayOf<ContentItem>(data.items);
});

/** One console action: a POST with an optional reason, answering the server's confirmation. */
const action = <Arg>(type: string, request: (arg: Arg) => { path: string; reason?: string }) =>
  createServerThunk(`admin/${type}`, async (arg: Arg, { extra }) => {
    const { path, reason } = request(arg);
    const { data } = await extra.http.post<{ message: string }>(path, toFormData(reason === undefined ? {} : { reason }));
    return data.message;
  });

export const approveProfessional = action('approve', (id: string) => ({ path: `admin/professionals/${id}/approve` }));
export const rejectProfessional = action('reject', ({ id, reason }: { id: string; reason: string }) => ({ path: `admin/professionals/${id}/reject`, reason }));
export const approveProfileChange = action('approveChange', (id: string) => ({ path: `admin/profile-changes/${id}/approve` }));
export const rejectProfileChange = action('rejectChange', ({ id, reason }: { id: string; reason: string }) => ({
  path: `admin/profile-changes/${id}/reject`,
  reason,
}));
export const suspendUser = action('suspend', ({ id, reason }: { id: string; reason: string }) => ({ path: `admin/users/${id}/suspend`, reason }));
export const reinstateUser = action('reinstate', (id: string) => ({ path: `admin/users/${id}/reinstate` }));
export const unpublishContent = action('unpublish', ({ kind, id, reason }: { kind: ContentKind; id: string; reason: string }) => ({
  path: `admin/${kind}/${id}/unpublish`,
  reason,
}));

/** Opens a licence document in a new tab: it needs the session token, so it is fetched as a blob first. */
export const openLicenseDocument = createServerThunk('admin/licenseDocument', async (id: string, { dispatch }) => {
  const url = await dispatch(fetchPrivateFileUrl({ path: `admin/professionals/${id}/license-document`, type: 'application/pdf' })).unwrap();
  window.open(url, '_blank', 'noopener');
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
});

export const adminSlice = createSlice({
  name: 'admin',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addLoadableCases(builder, fetchStats, (state) => state.stats, { failedText: 'The figures could not be loaded' });
    addLoadableCases(builder, fetchAudit, (state) => state.audit, { failedText: 'The audit log could not be loaded' });
    addLoadableCases(builder, fetchProfessionals, (state) => state.professionals, {
      onFailure: noAccounts,
      failedText: 'The applications could not be loaded',
    });
    addLoadableCases(builder, fetchUsers, (state) => state.users, { onFailure: noAccounts, failedText: 'The accounts could not be loaded' });
    addLoadableCases(builder, fetchProfileChanges, (state) => state.profileChanges, { onFailure: [], failedText: 'The profile changes could not be loaded' });
    addLoadableCases(builder, fetchContent, (state, kind) => state.content[kind], { onFailure: [], failedText: 'The content could not be loaded' });
    // What an administrator saw is not left for the next person at this browser.
    builder.addCase(logout.fulfilled, () => initialState);
  },
});

export const selectStats = (state: RootState) => state.admin.stats;
export const selectAudit = (state: RootState) => state.admin.audit;
export const selectProfessionals = (state: RootState) => state.admin.professionals;
export const selectProfileChanges = (state: RootState) => state.admin.profileChanges;
export const selectUsers = (state: RootState) => state.admin.users;
export const selectContent = (kind: ContentKind) => (state: RootState) => state.admin.content[kind];
