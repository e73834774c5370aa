/** Swipe and tap recognition for touch and pointer input (spec 2 §9: swipe 50 px; a tap moves < 15 px in < 500 ms). */
import { SWIPE_THRESHOLD_PX, TAP_THRESHOLD } from '../../../contract/files.ts';

export type Gesture = 'next' | 'previous' | 'tap' | 'none';

/**
 * What a press that moved (dx, dy) pixels over `ms` milliseconds means: a short, still press is a tap;
 * a mostly horizontal move of at least 50 px is a swipe (to the left shows the next item); anything else is nothing.
 */
export function classifyGesture(dx: number, dy: number, ms: number): Gesture {
  if (Math.hypot(dx, dy) < TAP_THRESHOLD.px && ms < TAP_THRESHOLD.ms) return 'tap';
  if (Math.abs(dx) >= SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(dy)) return dx < 0 ? 'next' : 'previous';
  return 'none';
}

export type LightboxKeyAction = 'next' | 'previous' | 'close' | null;

/** Arrow keys move between items, Escape closes. */
export function lightboxKeyAction(key: string): LightboxKeyAction {
  if (key === 'ArrowRight') return 'next';
  if (key === 'ArrowLeft') return 'previous';
  if (key === 'Escape') return 'close';
  return null;
}
