/** The secret of an emailed link rides in the URL fragment (#token=…), which is never sent to a server or in a Referer. */
export function linkToken(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}
