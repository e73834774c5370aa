import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { InsufficientCredits } from '../../../contract/credits.ts';
import { InsufficientCreditsDialog } from './insufficient-credits-dialog.tsx';
import { insufficientCreditsFrom } from './insufficient-credits.ts';

export interface InsufficientCreditsApi {
  /** Opens the Insufficient Credits dialog with these figures. */
  open: (details: InsufficientCredits) => void;
  /** Opens the dialog when `error` is a 402 (INSUFFICIENT_CREDITS) and returns true; otherwise returns false. */
  handleError: (error: unknown) => boolean;
  close: () => void;
}

const InsufficientCreditsContext = createContext<InsufficientCreditsApi | null>(null);

/** Mounted once in the layout: holds the one Insufficient Credits dialog every tool opens. */
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
      {details && <InsufficientCreditsDialog details={details} onClose={close} />}
    </InsufficientCreditsContext.Provider>
  );
}

/**
 * For tool pages:
 * ```ts
 * const insufficient = useInsufficientCredits();
 * try { await generate(); } catch (error) { if (!insufficient.handleError(error)) showError(error); }
 * ```
 */
export function useInsufficientCredits(): InsufficientCreditsApi {
  const value = useContext(InsufficientCreditsContext);
  if (!value) throw new Error('useInsufficientCredits needs <InsufficientCreditsProvider> (mounted in AppLayout).');
  return value;
}
