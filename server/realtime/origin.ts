import type { IncomingMessage } from 'node:http';

/**
 * Which browser pages may open a socket: the portal's own origin (the address the request came to,
 * or PUBLIC_URL) and any listed in SOCKET_ALLOWED_ORIGINS (comma separated). Requests without an
 * Origin header come from non-browser clients, which cannot ride on a visitor's browser, and pass.
 */
export function originChecker(publicUrl: string | undefined, extra: string | undefined) {
  const allowed = new Set<string>();
  for (const value of [publicUrl, ...(extra ?? '').split(',')]) {
    const given = value?.trim();
    // A protocol-relative address (//host:port) names the portal's host under either scheme.
    const forms = given?.startsWith('//') ? [`http:${given}`, `https:${given}`] : [given];
    for (const form of forms) {
      const origin = originOf(form);
      if (origin) allowed.add(origin);
    }
  }
  return (req: IncomingMessage): boolean => {
    const header = req.headers.origin;
    if (!header) return true;
    const origin = originOf(header);
    if (!origin) return false;
    if (allowed.has(origin)) return true;
    // Host only (not X-Forwarded-Host, which a page could send itself); behind a proxy that rewrites Host, set PUBLIC_URL.
    const host = req.headers.host;
    return Boolean(host) && new URL(origin).host === host;
  };
}

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}
