import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { InsufficientCredits } from '../../../contract/credits.ts';
import { InsufficientCreditsContext, insufficientCreditsFrom } from '../../lib/insufficient-credits.ts';

// Loaded when it first opens: every page mounts the provider, few ever show the dialog (a visitor never does).
const InsufficientCreditsDialog = lazy(() => import('./insufficient-credits-dialog.tsx').then((m) => ({ default: m.InsufficientCreditsDialog })));

/**
 * Mounted once in the layout: holds the one Insufficient Credits dialog every tool opens. Tools reach it through
 * `useInsufficientCredits()` in web/lib, so they need not import the credits area.
 */
export function InsufficientCreditsProvider({ children }: { children: ReactNode }) {
  const [details, setDetails] = useState<InsufficientCredits | null>(null);
  const close = useCallback(() => setDetails(null), []);
  const handleError = useCallback((error: unknown) => {
    const found = insufficientCreditsFrom(error);
    if (found) setDetails(found);
    return !!found;
  }, []);
  const value = useMemo(() => ({ open: setDetails, handleError, close }), [handleError, close]);
  return (
    <InsufficientCreditsContext.Provider value={value}>
      {children}
      {details && (
        <Suspense fallback={null}>
          <InsufficientCreditsDialog details={details} onClose={close} />
        </Suspense>
      )}
    </InsufficientCreditsContext.Provider>
  );
}
