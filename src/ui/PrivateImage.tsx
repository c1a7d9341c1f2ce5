import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { http } from '../api/http';

/**
 * An image that may be private. Lab results are served by an authorized API route that needs the
 * session token, which an <img src> cannot send: those are fetched through the axios client and
 * shown from a blob address, released again when the image goes away. Public images load as usual.
 */
export function PrivateImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const isPrivate = src.startsWith('/api/');
  const [blobUrl, setBlobUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!isPrivate) return;
    let url: string | null = null;
    let cancelled = false;
    http
      .get<ArrayBuffer>(src.replace(/^\/api\//, ''), { responseType: 'arraybuffer' })
      .then(({ data, headers }) => {
        if (cancelled) return;
        url = URL.createObjectURL(new Blob([data], { type: String(headers['content-type'] ?? 'image/png') }));
        setBlobUrl(url);
      })
      .catch(() => setBlobUrl(null));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, isPrivate]);

  if (isPrivate && !blobUrl) return <span className="d-inline-block bg-light" style={{ width: rest.width, height: rest.height }} aria-hidden={alt === '' ? true : undefined} />;
  return <img src={isPrivate ? (blobUrl as string) : src} alt={alt} {...rest} />;
}
