/**
 * Visitor tracking (spec 1 §7): POST /api/analytics/track once per page load of the landing page, sending the
 * referring page so the server can keep its domain. The server sets and reads its own first-party cookie. Any failure
 * is only a warning in the console: the visitor sees nothing.
 */
import { api } from './api.ts';

export interface TrackAnswer {
  success: boolean;
  new_visitor: boolean;
  tracking_id: string;
}

let sent: Promise<TrackAnswer | null> | null = null;

export function trackVisit(): Promise<TrackAnswer | null> {
  sent ??= api.post<TrackAnswer>('/analytics/track', { referrer: document.referrer || null }).catch((error: unknown) => {
    console.warn('Visitor tracking failed', error);
    return null;
  });
  return sent;
}
