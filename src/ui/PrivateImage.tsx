import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { useAppDispatch } from '../app/hooks';
import { fetchPrivateFileUrl } from './privateFile';

/**
 * An image that may be private. A lab result's address from a history answer is signed for its
 * reader and loads in a plain <img>; an unsigned API address needs the session token, which an
 * <img src> cannot send: it is fetched through the axios client and shown from a blob address,
 * released again when the image goes away. Public images load as usual.
 */
export function PrivateImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const isPrivate = src.startsWith('/api/') && !/[?&]sig=/.test(src);
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!isPrivate) return;
    let url: string | null = null;
    let cancelled = false;
    const request = dispatch(fetchPrivateFileUrl({ path: src.replace(/^\/api\//, ''), type: 'image/png' }));
    request
      .unwrap()
      .then((made) => {
        // An image gone before its file came releases the address at once.
        if (cancelled) return URL.revokeObjectURL(made);
        url = made;
        setBlobUrl(made);
      })
      .catch(() => !cancelled && setBlobUrl(null));
    return () => {
      cancelled = true;
      request.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [dispatch, src, isPrivate]);

  if (isPrivate && !blobUrl)
    return <span className="d-inline-block bg-light" style={{ width: rest.width, height: rest.height }} aria-hidden={alt === '' ? true : undefined} />;
  return <img src={isPrivate ? (blobUrl as string) : src} alt={alt} {...rest} />;
}
