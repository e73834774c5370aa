import { z } from 'zod';
import { imageDataString, imageMimeType } from './ai.ts';

/** Caption and hashtag generator (spec 3 §2, §3, §5, §8, §9; shared constants spec 2 §9). */
export const CAPTION_PLATFORMS = ['Instagram', 'Facebook', 'X (Twitter)', 'LinkedIn'] as const;
export const CAPTION_LENGTHS = ['Short', 'Medium', 'Long', 'Very Long'] as const;
export const CAPTION_TONES = ['Friendly', 'Professional', 'Witty', 'Inspirational', 'Casual', 'Humorous'] as const;
export const CAPTION_LANGUAGES = ['English', 'Spanish', 'French', 'German', 'Japanese', 'Mandarin', 'Hindi', 'Arabic'] as const;
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number];
export const CAPTION_DEFAULTS = { platform: 'Instagram', length: 'Medium', tone: 'Friendly', language: 'English', context: '', additionalHashtags: '' } as const;
export const HASHTAG_COUNT = { min: 5, max: 7 } as const;
export const CAPTION_GALLERY_PAGE_SIZE = 12;
export const CAPTION_SETTINGS_KEY = 'ampkit:caption-settings';
export const COPY_FEEDBACK_MS = 2000;

export const CAPTION_MESSAGES = {
  missing: 'Please upload an image first.',
  failed: (message: string) => `Failed to generate content: ${message}`,
  unknown: 'An unknown error occurred.',
  /** Where the captions are kept (they are saved in the account as they are made; this list is this visit's). */
  keptNote: 'Each caption is saved to your account on its own page (Open and share; keep its link) and is in your data export. This list shows the captions of this visit.',
  /** Next to the language choice when no AI provider writes captions: what the local engine writes in that language. */
  localLanguage: (language: string) =>
    `Local engine: in ${language}, the caption is made of ready-made phrases and the image's colours, with hashtags for what the image shows. It cannot translate.`,
  /** The same, when the context is written in another language: it is left out of the caption. */
  contextLeftOut: (language: string) => `Your context is not written in ${language}, so the local engine leaves it out.`,
} as const;

/**
 * Words no hashtag is made of, by language: function words, and the fillers a context is full of ("a tiny cup of
 * coffee": #tiny says nothing). The local composer also reads a context's language from them.
 */
const STOP_WORDS_TEXT: Record<CaptionLanguage, string> = {
  English:
    "a an the and or but so of to in on at for with by from is are was were be been being it its it's this that these those i i'm you he she we they me him her us them my your our their his as if then than there here what which who whom when where why how do does did not no yes just very really also about into over under can could will would should may might must have has had some more most any all each every other another such only own same too out up down off again once after before while because until through during against ours yours mine get got make made take one two new day today little tiny small big large nice good great lovely beautiful amazing awesome cool pretty cute best like love look looks looking thing things stuff lot lots much many way well quite still even back first last time image photo picture pic shot open come came go goes going went see saw seen say said want need know think feel try use find give keep let put show tell",
  Spanish:
    'el la los las un una unos unas y o pero de del al a en con por para sin sobre entre es son era fue ser estar está están estoy este esta estos estas ese esa eso esos esas aquí allí que qué quien como cómo cuando cuándo donde dónde muy más menos mi mis tu tus su sus nuestro nuestra lo le les se me te nos yo tú él ella ellos ellas nosotros usted hay tiene tengo también solo sólo ya no sí pequeño pequeña pequeños pequeñas grande grandes bonito bonita lindo linda bueno buena gran día hoy foto imagen cosa poco mucho todo toda todos todas',
  French:
    "le la les l un une des et ou mais de d du au aux à en dans avec par pour sans sur sous entre est sont était être avoir a ont ce c cet cette ces ça cela ici là que qu qui quoi comme quand où très plus moins mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs je j tu il elle on nous vous ils elles me m te se s lui y ne n pas oui non aussi juste petit petite petits petites grand grande grands beau belle joli jolie bon bonne jour aujourd'hui photo image chose peu beaucoup tout toute tous toutes",
  German:
    'der die das den dem des ein eine einen einem einer eines und oder aber von vom zu zum zur in im am an auf mit bei für aus nach über unter ohne ist sind war waren sein haben hat habe diese dieser dieses hier dort was wer wie wann wo sehr mehr weniger mein meine dein deine seine ihr ihre unser unsere ich du er sie es wir man mich dich sich uns nicht kein keine ja nein auch nur schon klein kleine kleiner kleines groß große großer schön schöne schöner gut gute guter tag heute foto bild ding viel viele alle alles',
  Japanese: 'の は が を に で と も へ や から まで より です ます この その あの これ それ あれ 私 今日 写真 画像 とても 小さな 大きな',
  Mandarin: '的 了 是 在 和 与 我 你 他 她 它 我们 这 那 这个 那个 有 不 很 也 都 就 一个 今天 照片 图片 小 大',
  Hindi: 'का की के है हैं था थे और या में से पर को यह वह ये वो एक मैं तुम आप हम वे भी नहीं बहुत छोटा छोटी बड़ा बड़ी सुंदर अच्छा अच्छी आज फोटो तस्वीर',
  Arabic: 'في من على إلى عن مع هذا هذه ذلك تلك هو هي أنا أنت نحن هم و أو لكن ما لا نعم كان يكون قد كل بعض جدا صغير صغيرة كبير كبيرة جميل جميلة اليوم صورة',
};
export const CAPTION_STOP_WORDS: Record<CaptionLanguage, ReadonlySet<string>> = {
  English: new Set(STOP_WORDS_TEXT.English.split(' ')),
  Spanish: new Set(STOP_WORDS_TEXT.Spanish.split(' ')),
  French: new Set(STOP_WORDS_TEXT.French.split(' ')),
  German: new Set(STOP_WORDS_TEXT.German.split(' ')),
  Japanese: new Set(STOP_WORDS_TEXT.Japanese.split(' ')),
  Mandarin: new Set(STOP_WORDS_TEXT.Mandarin.split(' ')),
  Hindi: new Set(STOP_WORDS_TEXT.Hindi.split(' ')),
  Arabic: new Set(STOP_WORDS_TEXT.Arabic.split(' ')),
};

/**
 * A text's words, lower-cased: letters with their marks (so Hindi words stay whole), a word with an apostrophe whole
 * (it's, aujourd'hui) except a French elision, which is dropped (l'image: image).
 */
export function wordsIn(text: string): string[] {
  const words = text.toLowerCase().replace(/[’]/g, "'").match(/[\p{L}\p{M}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];
  return words.map((w) => w.replace(/^(?:[cdjlmnst]|qu)'(?=\p{L})/u, ''));
}

/**
 * The language a creator's context is written in, as far as its script and its common words tell: null when they
 * do not (a few nouns in Latin letters, say). Japanese by its kana, Mandarin by Chinese characters without kana.
 */
export function contextLanguage(text: string): CaptionLanguage | null {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'Japanese';
  if (/\p{Script=Han}/u.test(text)) return 'Mandarin';
  if (/\p{Script=Devanagari}/u.test(text)) return 'Hindi';
  if (/\p{Script=Arabic}/u.test(text)) return 'Arabic';
  const words = wordsIn(text);
  const latin: CaptionLanguage[] = ['English', 'Spanish', 'French', 'German'];
  const hints: Partial<Record<CaptionLanguage, RegExp>> = { Spanish: /[ñ¿¡]/, German: /[ßäöü]/, French: /[çèêëàâîïôœù]|(?:^|[\s(])(?:[cdjlmnst]|qu)['’]\p{L}/u };
  const scores = latin.map((language) => {
    const stop = CAPTION_STOP_WORDS[language];
    return words.filter((w) => stop.has(w)).length + (hints[language]?.test(text.toLowerCase()) ? 2 : 0);
  });
  const best = Math.max(...scores);
  if (best === 0 || scores.filter((s) => s === best).length > 1) return null;
  return latin[scores.indexOf(best)]!;
}

/**
 * Whether the local composer may use a context in a caption of `language`: only when it is written in that
 * language (a context in no language it can tell is taken as English), so it never copies English into Spanish.
 */
export function contextFits(context: string, language: CaptionLanguage): boolean {
  const written = contextLanguage(context);
  return written === language || (written === null && language === 'English' && /\p{Script=Latin}/u.test(context));
}

/** Additional hashtags (spec 3 §5): split on commas or spaces, a leading # stripped, empties dropped. */
export function parseHashtags(input: string): string[] {
  return input
    .split(/[\s,]+/)
    .map((tag) => tag.replace(/^#+/, '').trim())
    .filter(Boolean);
}

/** POST /api/ai/generate-caption: the spec's {imageData, mimeType, prompt}; the settings travel too for the local engine. */
export const captionRequest = z.strictObject({
  imageData: imageDataString,
  mimeType: imageMimeType.optional(),
  prompt: z.string().max(4000).default(''),
  platform: z.enum(CAPTION_PLATFORMS).optional(),
  length: z.enum(CAPTION_LENGTHS).optional(),
  tone: z.enum(CAPTION_TONES).optional(),
  language: z.enum(CAPTION_LANGUAGES).optional(),
  context: z.string().max(2000).optional(),
  additionalHashtags: z.array(z.string().max(100)).max(30).optional(),
});
export type CaptionRequest = z.infer<typeof captionRequest>;

/** `text` is JSON of {caption, hashtags} (spec 3 §7); the parsed fields come beside it. */
export const captionResponse = z.object({
  text: z.string(),
  caption: z.string(),
  hashtags: z.array(z.string()),
  content_id: z.number().int(),
  provider: z.string(),
  preview: z.boolean(),
  credits_used: z.string(),
  generation_id: z.string(),
  processing_time_ms: z.number().int(),
});
export type CaptionResult = z.infer<typeof captionResponse>;
