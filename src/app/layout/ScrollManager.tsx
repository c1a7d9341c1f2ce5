import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * New pages start at the top; a hash (like /#benefits from the navbar's About link) scrolls to its
 * element once the page has rendered it.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let tries = 0;
    const timer = window.setInterval(() => {
      const target = document.getElementById(id);
      tries += 1;
      if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      if (target || tries > 40) window.clearInterval(timer);
    }, 100);
    return () => window.clearInterval(timer);
  }, [pathname, hash]);
  return null;
}
