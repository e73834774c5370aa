import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/close state for a header menu (disclosure pattern): closes on a click outside, on Escape (focus goes back
 * to the trigger) and when the route changes.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname, search } = useLocation();
  const location = pathname + search;

  // A route change closes the menu. Adjusted during render (React's pattern for state derived from a changing
  // value), so the old page's menu never paints open over the new page, as it would for one frame in an effect.
  const [openedAt, setOpenedAt] = useState(location);
  if (openedAt !== location) {
    setOpenedAt(location);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent | TouchEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      triggerRef.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);

  // The refs are returned on their own, not inside the props objects: spread props are read during render, refs
  // must not be.
  return {
    open,
    close,
    toggle,
    containerRef,
    triggerRef,
    triggerProps: { 'aria-expanded': open, 'aria-controls': panelId, onClick: toggle },
    panelProps: { id: panelId },
  };
}
