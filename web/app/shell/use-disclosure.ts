import { useCallback, useEffect, useId, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import { useLocation } from 'react-router';

/**
 * What every header menu shares: open state that closes on a click outside, on Escape (focus goes back to the
 * trigger) and when the route changes.
 */
function useMenuState<C extends HTMLElement, T extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<C>(null);
  const triggerRef = useRef<T>(null);
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

  return { open, setOpen, containerRef, triggerRef };
}

/** Open/close state for a header menu drawn by the app only (disclosure pattern: a button and its panel). */
export function useDisclosure() {
  const { open, setOpen, containerRef, triggerRef } = useMenuState<HTMLDivElement, HTMLButtonElement>();
  const panelId = useId();
  const close = useCallback(() => setOpen(false), [setOpen]);
  const toggle = useCallback(() => setOpen((value) => !value), [setOpen]);

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

/**
 * A header menu on a `<details>` element, for the menus of the prerendered pages: the browser opens and closes it
 * with no script, so a tap before the app has started is not lost (issue 26 item 14). Once the app runs it follows the
 * element (its `toggle` event) and closes it like the other menus. A menu opened before the app started is read from
 * the element when the app takes the page over.
 */
export function useDetailsDisclosure() {
  const { open, setOpen, containerRef, triggerRef } = useMenuState<HTMLDetailsElement, HTMLElement>();
  useEffect(() => {
    if (containerRef.current?.open) setOpen(true);
  }, [containerRef, setOpen]);
  const onToggle = useCallback((event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open), [setOpen]);
  return {
    open,
    containerRef: containerRef as RefObject<HTMLDetailsElement | null>,
    triggerRef,
    detailsProps: { open, onToggle },
  };
}
