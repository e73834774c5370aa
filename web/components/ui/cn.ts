import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (skipping falsy ones) and lets a later Tailwind class override an earlier one of the same kind:
 * without the merge, `text-slate-700 text-red-600` leaves the winner to stylesheet order, not to the caller.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
