import type { RefinementType } from '../../../../contract/transcriptions.ts';

/**
 * Refines a transcript without an AI text provider (a local draft's refinements): plain text rules, no model.
 * Types it cannot make honestly are refused by `supports` (the caller answers a clear message).
 */
export interface LocalComposer {
  readonly name: string;
  supports(type: RefinementType): boolean;
  compose(text: string, type: RefinementType): string;
}

export function createLocalComposer(): LocalComposer {
  return {
    name: 'Local text composer',
    supports: (type) => type === 'raw',
    compose: (text) => text,
  };
}
