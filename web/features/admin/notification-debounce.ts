import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `ms` (spec 3 §9: the preview 300 ms, the identifier suggestion 500 ms). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export const PREVIEW_DEBOUNCE_MS = 300;
export const IDENTIFIER_DEBOUNCE_MS = 500;
