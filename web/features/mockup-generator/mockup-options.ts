/** The mockup generator's choices and checks (spec 2 §2, §5). Ids, colours, sizes and messages come from the contract. */
import { MOCKUP_BACKGROUNDS, MOCKUP_MESSAGES, MOCKUP_STYLE_LABELS, MOCKUP_STYLES, type MockupStyle, type ToolEngine } from '../../../contract/ai.ts';

export type MockupBackground = (typeof MOCKUP_BACKGROUNDS)[number];

export { MOCKUP_BACKGROUND_LABELS, MOCKUP_STYLE_LABELS } from '../../../contract/ai.ts';

/** With several images each one goes on one style, so there can be no more images than styles. */
export const MAX_MOCKUP_IMAGES = MOCKUP_STYLES.length;
/**
 * How long a mockup takes, by the engine that will run it: a provider's photorealistic render takes the spec's
 * 30-60 s; the local engine draws a template preview in seconds and says that is what it is.
 */
export function mockupDurationHint(engine: Pick<ToolEngine, 'preview' | 'estimate'> | undefined): string {
  if (!engine) return '';
  return engine.preview ? `A drawn template preview: your image placed on the product, about ${engine.estimate}.` : `A mockup takes ${engine.estimate}.`;
}

export const styleLabel = (style: string) => MOCKUP_STYLE_LABELS[style as MockupStyle] ?? style;

/**
 * The first problem with a mockup request, or null: at least one image and one style; a custom description when
 * Custom is picked; with several images, one image per style.
 */
export function validateMockup(input: { imageCount: number; styles: readonly string[]; customStyle: string }): string | null {
  if (input.imageCount === 0 || input.styles.length === 0) return MOCKUP_MESSAGES.missing;
  if (input.styles.includes('custom') && !input.customStyle.trim()) return MOCKUP_MESSAGES.customMissing;
  if (input.imageCount > 1 && input.imageCount !== input.styles.length) return MOCKUP_MESSAGES.countMismatch;
  return null;
}

/** Toggles a style, keeping the order of selection (with several images, image n goes on the n-th style picked). */
export function toggleStyle(styles: readonly MockupStyle[], style: MockupStyle): MockupStyle[] {
  return styles.includes(style) ? styles.filter((s) => s !== style) : [...styles, style];
}
