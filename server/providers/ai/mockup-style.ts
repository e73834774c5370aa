import type { MockupStyle } from '../../../contract/ai.ts';
import { TEMPLATE_NAMES, type TemplateId } from './mockup-devices.ts';

/** Words that name a product, by style; multi-word and brand names first so "macbook" is not read as "book". */
const WORDS: ReadonlyArray<readonly [Exclude<MockupStyle, 'custom'>, readonly string[]]> = [
  ['modern-laptop', ['modern laptop', 'macbook', 'ultrabook', 'thin laptop']],
  ['software-box', ['software box', 'product box', 'software', 'packaging', 'package', 'box', 'carton']],
  ['book-cover', ['book cover', 'ebook', 'e-book', 'paperback', 'hardcover', 'novel', 'book', 'magazine']],
  ['laptop-screen', ['laptop', 'notebook computer', 'computer', 'pc', 'monitor', 'website', 'web page', 'desktop']],
  ['phone-display', ['smartphone', 'iphone', 'android', 'phone', 'mobile', 'app screen', 'app']],
  ['tablet-screen', ['tablet', 'ipad']],
  ['t-shirt', ['t-shirt', 'tshirt', 't shirt', 'tee', 'shirt', 'hoodie', 'sweatshirt', 'apparel', 'clothing', 'merch']],
  ['coffee-mug', ['coffee mug', 'mug', 'cup', 'coffee', 'tea']],
  ['billboard', ['billboard', 'hoarding', 'outdoor ad', 'roadside', 'highway sign']],
  ['poster', ['poster', 'flyer', 'placard']],
  ['framed-art', ['framed', 'frame', 'wall art', 'painting', 'gallery']],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The mockup style a prompt names ("my logo on a coffee mug" → coffee-mug), or null when it names no product.
 * Whole words only; when several products are named, the one named first wins.
 */
export function inferMockupStyle(prompt: string): Exclude<MockupStyle, 'custom'> | null {
  const text = prompt.toLowerCase();
  let best: { style: Exclude<MockupStyle, 'custom'>; at: number; length: number } | null = null;
  for (const [style, words] of WORDS) {
    for (const word of words) {
      const match = new RegExp(`(?<![a-z0-9])${escape(word)}s?(?![a-z0-9])`).exec(text);
      if (!match) continue;
      if (!best || match.index < best.at || (match.index === best.at && word.length > best.length)) best = { style, at: match.index, length: word.length };
    }
  }
  return best?.style ?? null;
}

/** What a style is drawn as: custom takes the template its description names, else a neutral canvas print. */
export function templateFor(style: MockupStyle, customStyle?: string): { template: TemplateId; name: string; fromDescription: boolean } {
  if (style !== 'custom') return { template: style, name: TEMPLATE_NAMES[style], fromDescription: false };
  const named = inferMockupStyle(customStyle ?? '');
  const template: TemplateId = named ?? 'canvas';
  return { template, name: TEMPLATE_NAMES[template], fromDescription: named !== null };
}
