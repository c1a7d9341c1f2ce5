import { createServerThunk } from '../app/serverThunk';

/**
 * Fetches a file that needs the session token (an <img src> or a link cannot send it) and answers a
 * blob address for it. The caller revokes the address when it is done with it.
 */
export const fetchPrivateFileUrl = createServerThunk('files/privateUrl', async ({ path, type }: { path: string; type: string }, { extra, signal }) => {
  const { data, headers } = await extra.http.get<ArrayBuffer>(path, { responseType: 'arraybuffer', signal });
  return URL.createObjectURL(new Blob([data], { type: String(headers['content-type'] ?? type) }));
});
