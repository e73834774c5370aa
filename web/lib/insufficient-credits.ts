/** Recognising "not enough credits" (spec 2 §2, §4): a 402 from any tool, or a cost prediction that cannot be afforded. */
import { createContext, useContext } from 'react';
import type { CostPrediction, InsufficientCredits } from '../../contract/credits.ts';
import { add, cmp, max0, normalize, sub } from '../../contract/decimal.ts';
import { ApiError } from './api.ts';

const DECIMAL = /^-?\d+(\.\d+)?$/;

function decimalField(details: Readonly<Record<string, unknown>>, key: string): string | null {
  const value = details[key];
  if (typeof value === 'number' && Number.isFinite(value)) return normalize(value);
  return typeof value === 'string' && DECIMAL.test(value.trim()) ? normalize(value.trim()) : null;
}

/** A 402 other than a spending cap (SPENDING_CAP_REACHED, which buying credits does not lift: its message is shown). */
export function isInsufficientCreditsError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code !== 'SPENDING_CAP_REACHED' && (error.status === 402 || error.code === 'INSUFFICIENT_CREDITS');
}

/**
 * The figures of a 402 (required_credits, available_credits, deficit in the error body), or null when the error is
 * something else. A missing deficit is worked out from the other two.
 */
export function insufficientCreditsFrom(error: unknown): InsufficientCredits | null {
  if (!isInsufficientCreditsError(error)) return null;
  const required = decimalField(error.details, 'required_credits') ?? normalize(0);
  const available = decimalField(error.details, 'available_credits') ?? normalize(0);
  const deficit = decimalField(error.details, 'deficit') ?? max0(sub(required, available));
  return { required_credits: required, available_credits: available, deficit };
}

/** The same figures from a cost prediction the user cannot afford; null when they can. */
export function insufficientCreditsFromPrediction(prediction: CostPrediction): InsufficientCredits | null {
  if (prediction.can_afford) return null;
  return {
    required_credits: prediction.required_credits,
    available_credits: prediction.available_credits,
    deficit: prediction.deficit,
  };
}

/** The first package, in the server’s order (cheapest first), whose credits plus bonus cover the deficit. */
export function coveringPackageId(packages: ReadonlyArray<{ uuid: string; credits: string; bonus_credits: string }>, deficit: string): string | null {
  return packages.find((p) => cmp(add(p.credits, p.bonus_credits), deficit) >= 0)?.uuid ?? null;
}

export interface InsufficientCreditsApi {
  /** Opens the Insufficient Credits dialog with these figures. */
  open: (details: InsufficientCredits) => void;
  /** Opens the dialog when `error` is a 402 (INSUFFICIENT_CREDITS) and returns true; otherwise returns false. */
  handleError: (error: unknown) => boolean;
  close: () => void;
}

/** Provided by the credits area's InsufficientCreditsProvider (mounted in AppLayout), which owns the dialog. */
export const InsufficientCreditsContext = createContext<InsufficientCreditsApi | null>(null);

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
