import sharp from 'sharp';
import {
  CAPTION_DEFAULTS,
  CAPTION_STOP_WORDS,
  contextFits,
  HASHTAG_COUNT,
  wordsIn,
  type CAPTION_LENGTHS,
  type CAPTION_PLATFORMS,
  type CAPTION_TONES,
} from '../../../../contract/captions.ts';
import type { LocalVision } from '../local-vision/index.ts';
import { PHRASES, type ColourName, type Language } from './caption-phrases.ts';
import { subjectWord } from './caption-subjects.ts';

/**
 * The local engine's caption and hashtags: a template composer, not a language model. It writes only what it can
 * stand behind: the tone's and platform's stock phrases in the chosen language, the creator's own context, the
 * image's dominant colours (measured) and, as a hedge, what the coarse object detector thinks it sees ("might be").
 * It cannot translate: the creator's context is used only in a caption of the language it is written in, and the
 * hashtags come from the image's subject (in the caption's language), the platform and the language's photo tags,
 * never from stop words.
 */

export interface CaptionSettings {
  platform: (typeof CAPTION_PLATFORMS)[number];
  length: (typeof CAPTION_LENGTHS)[number];
  tone: (typeof CAPTION_TONES)[number];
  language: Language;
  context: string;
  additionalHashtags: readonly string[];
}

/** What the composer knows about the image. */
export interface ImageFacts {
  /** Dominant colour names, most covering first. */
  colours: ColourName[];
  /** Object labels (COCO, English) the detector found above its floor, most confident first. */
  objects: string[];
}

export interface Caption {
  caption: string;
  hashtags: string[];
}

export const X_MAX_CHARS = 280;

/** Sentences by length: Short, Medium, Long, Very Long (the platform may trim, X to fit 280 characters). */
const SENTENCES: Record<CaptionSettings['length'], number> = { Short: 2, Medium: 3, Long: 5, 'Very Long': 7 };
const HASHTAGS: Record<CaptionSettings['length'], number> = { Short: 5, Medium: 6, Long: 7, 'Very Long': 7 };

/** Instagram is emoji-friendly: one by tone after the opener. */
const EMOJI: Record<CaptionSettings['tone'], string> = { Friendly: '😊', Professional: '📸', Witty: '😏', Inspirational: '✨', Casual: '🙌', Humorous: '😂' };

const TONE_TAGS: Record<CaptionSettings['tone'], string[]> = {
  Friendly: ['goodvibes'],
  Professional: ['professional'],
  Witty: ['wordplay'],
  Inspirational: ['inspiration'],
  Casual: ['everyday'],
  Humorous: ['funny'],
};
const PLATFORM_TAGS: Record<CaptionSettings['platform'], string[]> = {
  Instagram: ['instagood', 'photooftheday'],
  Facebook: ['photooftheday'],
  'X (Twitter)': ['picoftheday'],
  LinkedIn: ['visualstorytelling'],
};
const GENERIC_TAGS = ['photography', 'picoftheday', 'creative', 'moments', 'everydaymoments', 'instadaily', 'share'];
/** No hashtag is made of any language's stop words. */
const STOP_WORDS = new Set(Object.values(CAPTION_STOP_WORDS).flatMap((set) => [...set]));

/** Fraction of the pixels a colour must cover to be named (the most covering one is always named). */
const COLOUR_SHARE = 0.12;

/** Names a pixel's colour: neutrals by lightness and saturation, the rest by hue (browns and beiges by lightness). */
export function colourName(r: number, g: number, b: number): ColourName {
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (l < 0.13) return 'black';
  if (s < 0.15 || d < 0.08) return l > 0.85 ? 'white' : l < 0.2 ? 'black' : 'grey';
  if (l > 0.93) return 'white';
  let h = 0;
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  if (max === rn) h = ((gn - bn) / d) % 6;
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  h = (h * 60 + 360) % 360;
  if (h >= 10 && h < 50 && l < 0.45) return 'brown';
  if (h >= 20 && h < 55 && l > 0.7 && s < 0.6) return 'beige';
  if (h < 12 || h >= 345) return l < 0.3 ? 'brown' : 'red';
  if (h < 40) return 'orange';
  if (h < 68) return 'yellow';
  if (h < 165) return 'green';
  if (h < 195) return 'teal';
  if (h < 255) return 'blue';
  if (h < 290) return 'purple';
  return 'pink';
}

/** The dominant colour names of an image: each pixel of a 48 px copy named, those covering COLOUR_SHARE kept (at most 3). */
export async function dominantColours(image: Buffer): Promise<ColourName[]> {
  const { data, info } = await sharp(image).autoOrient().resize(48, 48, { fit: 'inside' }).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const counts = new Map<ColourName, number>();
  for (let i = 0; i < data.length; i += info.channels) {
    const name = colourName(data[i]!, data[i + 1]!, data[i + 2]!);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const total = info.width * info.height;
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  return ranked.filter(([, n], i) => i === 0 || n / total >= COLOUR_SHARE).slice(0, 3).map(([name]) => name);
}

/**
 * Colours and the detector's objects. The detector is a hint: when it is unavailable the caption goes on with the
 * colours alone rather than failing a free preview.
 */
export async function imageFacts(image: Buffer, vision: Pick<LocalVision, 'objects'> | null): Promise<ImageFacts> {
  const [colours, detections] = await Promise.all([dominantColours(image), vision ? vision.objects(image).catch(() => []) : Promise.resolve([])]);
  const objects: string[] = [];
  for (const d of [...detections].sort((a, b) => b.score - a.score)) if (!objects.includes(d.label)) objects.push(d.label);
  return { colours, objects: objects.slice(0, 2) };
}

/** A hashtag as posted (without '#'): letters, digits and underscores of any script, spaces dropped. */
export function hashtagOf(word: string): string {
  // Marks stay: a Hindi word without its vowel signs is another word.
  return word.replace(/^#+/, '').replace(/[^\p{L}\p{M}\p{N}_]+/gu, '').slice(0, 60);
}

/**
 * 5-7 hashtags: the creator's own first (all of them, up to 7), then `suggested` in order, then `fillers`, without
 * repeats (case-insensitive); at least `target` when there are enough words, never more than 7.
 */
export function settleHashtags(additional: readonly string[], suggested: readonly string[], fillers: readonly string[], target: number = HASHTAG_COUNT.max): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const take = (words: readonly string[], limit: number) => {
    for (const word of words) {
      if (out.length >= limit) return;
      const tag = hashtagOf(word);
      if (!tag || seen.has(tag.toLowerCase())) continue;
      seen.add(tag.toLowerCase());
      out.push(tag);
    }
  };
  const goal = Math.min(HASHTAG_COUNT.max, Math.max(HASHTAG_COUNT.min, target));
  take(additional, HASHTAG_COUNT.max);
  take(suggested, goal);
  take(fillers, goal);
  take(GENERIC_TAGS, HASHTAG_COUNT.min);
  return out;
}

/**
 * Topic words of the creator's context worth a hashtag: longer words, no stop word of any language, in order.
 * Japanese and Mandarin are written without spaces: no word can be cut out of them by rule, so none is taken.
 */
export function contextKeywords(context: string): string[] {
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(context)) return [];
  const words = wordsIn(context).filter((w) => [...w].length >= 4 && !STOP_WORDS.has(w) && !/^\p{N}+$/u.test(w));
  return [...new Set(words)].slice(0, 3);
}

const article = (label: string) => (/^[aeiou]/i.test(label) ? `an ${label}` : `a ${label}`);

/** The creator's context as one sentence, ending with punctuation. */
function contextSentence(context: string): string | null {
  const text = context.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return /[.!?。！？।؟…]$/u.test(text) ? text : `${text}.`;
}

interface Sentence {
  text: string;
  /** Lower is kept first when the length allows fewer sentences. */
  priority: number;
}

/** Composes the caption and hashtags from the settings and what is known about the image. Deterministic. */
export function composeCaption(settings: CaptionSettings, facts: ImageFacts): Caption {
  const phrases = PHRASES[settings.language] ?? PHRASES[CAPTION_DEFAULTS.language];
  const instagram = settings.platform === 'Instagram';
  // A context in another language than the caption's is left out: the composer cannot translate it.
  const fits = contextFits(settings.context, settings.language);
  const context = fits ? contextSentence(settings.context) : null;
  const colours = facts.colours.map((c) => phrases.colours[c]);
  const scene = colours.length ? phrases.scene(colours) : null;
  // Labels are English and only hints: said in English, hedged.
  const objectHint = settings.language === 'English' && facts.objects.length ? `What we see might be ${facts.objects.map(article).join(' and ')}.` : null;

  // In reading order; `priority` decides which survive a shorter length.
  const pool: Array<Sentence | null> = [
    { text: instagram ? `${phrases.opener[settings.tone]} ${EMOJI[settings.tone]}` : phrases.opener[settings.tone], priority: 0 },
    context ? { text: context, priority: 1 } : null,
    scene ? { text: scene, priority: context ? 3 : 1 } : null,
    objectHint ? { text: objectHint, priority: 5 } : null,
    { text: phrases.details[0], priority: 6 },
    { text: phrases.details[1], priority: 7 },
    { text: phrases.cta[settings.platform], priority: 2 },
    { text: phrases.closer[settings.tone], priority: 4 },
  ];
  const sentences = pool.filter((s): s is Sentence => s !== null);
  const kept = new Set([...sentences].sort((a, b) => a.priority - b.priority).slice(0, SENTENCES[settings.length]));
  let chosen = sentences.filter((s) => kept.has(s));

  // The subject first (named in the caption's language), then the context's topic words, then the platform's tags.
  const subjects = facts.objects.map((label) => subjectWord(label, settings.language)).filter((w): w is string => w !== null);
  const english = settings.language === 'English';
  const suggested = [...subjects, ...(fits ? contextKeywords(settings.context) : []), ...(english ? TONE_TAGS[settings.tone] : [])];
  const fillers = [...PLATFORM_TAGS[settings.platform], ...phrases.tags, ...GENERIC_TAGS];
  const hashtags = settleHashtags(settings.additionalHashtags, suggested, fillers, settings.platform === 'X (Twitter)' ? HASHTAG_COUNT.min : HASHTAGS[settings.length]);

  const render = (list: Sentence[]) =>
    settings.platform === 'LinkedIn'
      ? // LinkedIn reads in short paragraphs: the opener, the body, the sign-off.
        (list.length < 3 ? list.map((s) => [s]) : [list.slice(0, 1), list.slice(1, -1), list.slice(-1)])
          .map((part) => part.map((s) => s.text).join(phrases.space))
          .join('\n\n')
      : list.map((s) => s.text).join(phrases.space);

  let caption = render(chosen);
  if (settings.platform === 'X (Twitter)') {
    // A post on X holds 280 characters, hashtags included: drop the least important sentences, then cut.
    const room = X_MAX_CHARS - (hashtags.map((h) => `#${h}`).join(' ').length + 1);
    while ([...caption].length > room && chosen.length > 1) {
      const weakest = chosen.reduce((a, b) => (b.priority > a.priority ? b : a));
      chosen = chosen.filter((s) => s !== weakest);
      caption = render(chosen);
    }
    if ([...caption].length > room) caption = `${[...caption].slice(0, Math.max(1, room - 1)).join('').trimEnd()}…`;
  }
  return { caption, hashtags };
}

/** The post as it is copied: the caption, a blank line, the hashtags. */
export function postText({ caption, hashtags }: Caption): string {
  return hashtags.length ? `${caption}\n\n${hashtags.map((h) => `#${h}`).join(' ')}` : caption;
}
