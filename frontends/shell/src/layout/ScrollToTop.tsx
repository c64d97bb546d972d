import { useEffect } from 'react';
import { useLocation } from '@loadout/web';

/** Starts each new page at the top, unless the address targets an anchor (e.g. #education). */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
