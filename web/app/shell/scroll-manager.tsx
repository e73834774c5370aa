import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** On every path change: back to the top, or smoothly to the element named by the #hash (spec 1 §2). */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0 });
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    // The target may render a frame later (lazy pages); try for a short while.
    let tries = 0;
    let frame = 0;
    const seek = () => {
      const element = document.getElementById(id);
      if (element) element.scrollIntoView({ behavior: 'smooth', block: 'start' });
      else if (tries++ < 30) frame = requestAnimationFrame(seek);
    };
    seek();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);
  return null;
}
