import { balanceTone } from '../../lib/credits-format.ts';

/**
 * Balance colours (spec 1 §2: above 10 green, above 0 yellow, otherwise red) in shades that read at 4.5:1 or more on
 * white and on their own 50 tint (WCAG AA): amber-500 was 2.1:1, emerald-600 3.7:1.
 */
export const BALANCE_TEXT = { green: 'text-emerald-700', yellow: 'text-amber-700', red: 'text-red-700' } as const;

/** The header chip's tint per balance colour: a 50 background, a 200 border, 800 text (AA on that tint). */
export const BALANCE_CHIP = {
  green: 'border-emerald-200 bg-emerald-50 text-emerald-800 hover:bg-emerald-100',
  yellow: 'border-amber-200 bg-amber-50 text-amber-800 hover:bg-amber-100',
  red: 'border-red-200 bg-red-50 text-red-800 hover:bg-red-100',
} as const;

export const balanceTextClass = (balance: string | null | undefined) => BALANCE_TEXT[balanceTone(balance)];
export const balanceChipClass = (balance: string | null | undefined) => BALANCE_CHIP[balanceTone(balance)];
