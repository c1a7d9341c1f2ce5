import { http, toFormData } from '../../api/http';

/** The console's writes, through the one axios client; each resolves to the server's message. */
async function postAction(path: string, reason?: string): Promise<string> {
  const { data } = await http.post<{ message: string }>(path, toFormData(reason === undefined ? {} : { reason }));
  return data.message;
}

export const adminApi = {
  approve: (id: string) => postAction(`admin/professionals/${id}/approve`),
  reject: (id: string, reason: string) => postAction(`admin/professionals/${id}/reject`, reason),
  suspend: (id: string, reason: string) => postAction(`admin/users/${id}/suspend`, reason),
  reinstate: (id: string) => postAction(`admin/users/${id}/reinstate`),
  unpublish: (kind: 'articles' | 'products', id: string, reason: string) => postAction(`admin/${kind}/${id}/unpublish`, reason),

  /** Opens a licence document in a new tab: it needs the session token, so it is fetched as a blob first. */
  async openLicenseDocument(id: string) {
    const { data, headers } = await http.get<ArrayBuffer>(`admin/professionals/${id}/license-document`, { responseType: 'arraybuffer' });
    const url = URL.createObjectURL(new Blob([data], { type: String(headers['content-type'] ?? 'application/pdf') }));
    window.open(url, '_blank', 'noopener');
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
};
