/**
 * Query keys that more than one area reads or invalidates: a tool invalidates the gallery and the credits after a
 * generation, the session re-reads credits. Only the keys are shared; each area keeps its own calls.
 */

/** Files and content share the visibility and sharing calls: /api/files/{id}/… and /api/content/{id}/… */
export type ShareKind = 'files' | 'content';

export const creditKeys = {
  all: ['credits'] as const,
  balance: ['credits', 'balance'] as const,
  transactions: ['credits', 'transactions'] as const,
  packages: ['credits', 'packages'] as const,
  /** Spending limits and this month's spending: under `all`, so every charge reads it again. */
  spending: ['credits', 'spending'] as const,
  prediction: (serviceType: string, variant: string, preprocessing: boolean) => ['credits', 'predict', serviceType, variant, preprocessing] as const,
  testCheckout: (packageId: string) => ['payments', 'test-checkout', packageId] as const,
  checkoutStatus: (sessionId: string) => ['payments', 'checkout-status', sessionId] as const,
};

export const fileKeys = {
  all: ['files'] as const,
  gallery: ['files', 'gallery'] as const,
  galleryFor: (tool: string | null) => ['files', 'gallery', tool ?? 'all'] as const,
  file: (uuid: string) => ['files', 'file', uuid] as const,
  shareUrl: (kind: ShareKind, id: string) => [kind, 'share-url', id] as const,
};

export const contentKeys = {
  item: (id: string) => ['content', 'item', id] as const,
};

/** Durable generations (issue 24): the user's queued and running ones, read by the shell's panel. */
export const generationKeys = {
  all: ['generations'] as const,
  active: ['generations', 'active'] as const,
};
