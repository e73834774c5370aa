import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAPTION_LANGUAGES, CAPTION_LENGTHS, CAPTION_PLATFORMS, CAPTION_STOP_WORDS, CAPTION_TONES, contextLanguage, HASHTAG_COUNT } from '../../../../contract/captions.ts';
import { COLOUR_NAMES, PHRASES } from './caption-phrases.ts';
import { colourName, composeCaption, dominantColours, hashtagOf, settleHashtags, X_MAX_CHARS, type CaptionSettings, type ImageFacts } from './caption.ts';
import { SUBJECT_LABELS, subjectWord } from './caption-subjects.ts';

const base: CaptionSettings = { platform: 'Instagram', length: 'Medium', tone: 'Friendly', language: 'English', context: '', additionalHashtags: [] };
const facts: ImageFacts = { colours: ['red', 'brown'], objects: ['cup'] };
const sentenceCount = (text: string) => (text.match(/[.!?。！？।؟](\s|$)/gu) ?? []).length;

describe('local caption composer', () => {
  it('is deterministic and always gives 5-7 hashtags, whatever the settings', () => {
    for (const platform of CAPTION_PLATFORMS)
      for (const length of CAPTION_LENGTHS)
        for (const tone of CAPTION_TONES)
          for (const language of CAPTION_LANGUAGES) {
            const settings = { ...base, platform, length, tone, language };
            const out = composeCaption(settings, facts);
            expect(out).toEqual(composeCaption(settings, facts));
            expect(out.hashtags.length).toBeGreaterThanOrEqual(HASHTAG_COUNT.min);
            expect(out.hashtags.length).toBeLessThanOrEqual(HASHTAG_COUNT.max);
            expect(out.caption).not.toMatch(/undefined|null|#/);
          }
  });

  it('changes with each platform, length, tone and language', () => {
    const outputs = (key: keyof CaptionSettings, values: readonly string[]) => new Set(values.map((v) => composeCaption({ ...base, [key]: v }, facts).caption));
    expect(outputs('platform', CAPTION_PLATFORMS).size).toBe(CAPTION_PLATFORMS.length);
    expect(outputs('length', CAPTION_LENGTHS).size).toBe(CAPTION_LENGTHS.length);
    expect(outputs('tone', CAPTION_TONES).size).toBe(CAPTION_TONES.length);
    expect(outputs('language', CAPTION_LANGUAGES).size).toBe(CAPTION_LANGUAGES.length);
  });

  it('grows with the length: more sentences from Short to Very Long', () => {
    const counts = CAPTION_LENGTHS.map((length) => sentenceCount(composeCaption({ ...base, length, context: 'Morning coffee at the studio' }, facts).caption));
    for (let i = 1; i < counts.length; i++) expect(counts[i]!).toBeGreaterThan(counts[i - 1]!);
  });

  it('says the colours, hedges the detected objects, and keeps the context', () => {
    const out = composeCaption({ ...base, length: 'Very Long', context: 'Morning coffee at the studio' }, facts);
    expect(out.caption).toContain('Red and brown tones');
    expect(out.caption).toContain('might be a cup');
    expect(out.caption).toContain('Morning coffee at the studio.');
    expect(out.hashtags).toContain('cup');
    // Other languages name the colours in their own words and leave the English labels to the hashtags.
    const german = composeCaption({ ...base, language: 'German', length: 'Long' }, facts);
    expect(german.caption).toContain('Rot und Braun');
    expect(german.caption).not.toContain('cup');
  });

  it('Instagram gets an emoji, LinkedIn paragraphs without emoji, X fits 280 characters with its hashtags', () => {
    expect(composeCaption(base, facts).caption).toMatch(/\p{Extended_Pictographic}/u);
    const linkedIn = composeCaption({ ...base, platform: 'LinkedIn', length: 'Long', tone: 'Professional' }, facts).caption;
    expect(linkedIn).toContain('\n\n');
    expect(linkedIn).not.toMatch(/\p{Extended_Pictographic}/u);
    for (const language of CAPTION_LANGUAGES) {
      const x = composeCaption({ ...base, platform: 'X (Twitter)', length: 'Very Long', language, context: 'A very long context '.repeat(30), additionalHashtags: ['alpha', 'beta'] }, facts);
      expect([...`${x.caption} ${x.hashtags.map((h) => `#${h}`).join(' ')}`].length).toBeLessThanOrEqual(X_MAX_CHARS);
    }
  });

  it("includes the creator's hashtags first, cleaned, and never more than 7", () => {
    const out = composeCaption({ ...base, additionalHashtags: ['#Travel', 'coffee-time', 'travel'] }, facts);
    expect(out.hashtags.slice(0, 2)).toEqual(['Travel', 'coffeetime']);
    expect(settleHashtags(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'], ['x'], [])).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(settleHashtags([], [], [], 5)).toHaveLength(5);
  });

  it('has every phrase and colour name in every language', () => {
    for (const language of CAPTION_LANGUAGES) {
      const p = PHRASES[language];
      for (const tone of CAPTION_TONES) expect(p.opener[tone] && p.closer[tone]).toBeTruthy();
      for (const platform of CAPTION_PLATFORMS) expect(p.cta[platform]).toBeTruthy();
      for (const colour of COLOUR_NAMES) expect(p.colours[colour]).toBeTruthy();
    }
  });

  it('names colours as people do', async () => {
    expect(colourName(220, 30, 30)).toBe('red');
    expect(colourName(30, 60, 200)).toBe('blue');
    expect(colourName(40, 160, 60)).toBe('green');
    expect(colourName(120, 70, 30)).toBe('brown');
    expect(colourName(250, 250, 250)).toBe('white');
    expect(colourName(128, 128, 128)).toBe('grey');
    expect(colourName(10, 10, 10)).toBe('black');
    const half = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#1e3cc8' } })
      .composite([{ input: { create: { width: 40, height: 20, channels: 3, background: '#f0d020' } }, top: 0, left: 0 }])
      .png()
      .toBuffer();
    expect((await dominantColours(half)).sort()).toEqual(['blue', 'yellow']);
  });

  // Issue 26: the Spanish caption repeated this English context word for word, tagged #tiny and #cup.
  const englishContext = 'A tiny cup of coffee on the table at our studio';
  const everySetting = function* (languages: readonly CaptionSettings['language'][]) {
    for (const language of languages) for (const platform of CAPTION_PLATFORMS) for (const length of CAPTION_LENGTHS) for (const tone of CAPTION_TONES) yield { ...base, language, platform, length, tone };
  };

  it('in every other language writes no English sentence: an English context is left out, not copied', () => {
    const englishPhrases = [
      ...Object.values(PHRASES.English.opener),
      ...Object.values(PHRASES.English.closer),
      ...Object.values(PHRASES.English.cta),
      ...PHRASES.English.details,
    ];
    const englishWords = new Set(['the', 'and', 'with', 'might', 'tiny', 'cup', 'coffee', 'table', 'studio', 'tones', 'what', 'see']);
    for (const settings of everySetting(CAPTION_LANGUAGES.filter((l) => l !== 'English'))) {
      const { caption } = composeCaption({ ...settings, context: englishContext }, facts);
      const where = `${settings.language} ${settings.platform} ${settings.length} ${settings.tone}: ${caption}`;
      expect(caption, where).not.toContain('tiny cup');
      for (const phrase of englishPhrases) expect(caption, where).not.toContain(phrase);
      for (const word of caption.toLowerCase().match(/[a-z]+/g) ?? []) expect(englishWords.has(word), `${where} (${word})`).toBe(false);
    }
    // In English it is the creator's sentence, kept.
    expect(composeCaption({ ...base, context: englishContext }, facts).caption).toContain(`${englishContext}.`);
  });

  it('keeps a context written in the caption’s language, and tags the subject in that language', () => {
    const spanish = composeCaption({ ...base, language: 'Spanish', context: 'Un café pequeño en la mesa del estudio' }, facts);
    expect(spanish.caption).toContain('Un café pequeño en la mesa del estudio.');
    expect(spanish.hashtags.slice(0, 4)).toEqual(['taza', 'café', 'mesa', 'estudio']);
    expect(spanish.hashtags).not.toContain('cup');
    const german = composeCaption({ ...base, language: 'German', context: 'Eine kleine Tasse Kaffee auf dem Tisch' }, { colours: ['white'], objects: ['dog'] });
    expect(german.caption).toContain('Eine kleine Tasse Kaffee auf dem Tisch.');
    expect(german.hashtags.slice(0, 3)).toEqual(['Hund', 'tasse', 'kaffee']);
    const hindi = composeCaption({ ...base, language: 'Hindi' }, { colours: ['white'], objects: ['dog'] });
    expect(hindi.hashtags[0]).toBe('कुत्ता');
  });

  it('makes no hashtag of a stop word or a filler, in English or any other language', () => {
    const contexts: Record<CaptionSettings['language'], string> = {
      English: englishContext,
      Spanish: 'Una taza muy pequeña de café con leche en la mesa, hoy es un día bonito',
      French: "Une petite tasse de café sur la table, aujourd'hui c'est une belle journée",
      German: 'Eine kleine Tasse Kaffee auf dem Tisch, heute ist ein schöner Tag',
      Japanese: '今日はカフェで小さなコーヒーを飲みました',
      Mandarin: '今天在咖啡馆喝了一小杯咖啡',
      Hindi: 'आज मेज़ पर एक छोटा कप कॉफी है और यह बहुत अच्छा है',
      Arabic: 'كوب صغير من القهوة على الطاولة في هذا اليوم الجميل',
    };
    for (const settings of everySetting(CAPTION_LANGUAGES)) {
      const { hashtags } = composeCaption({ ...settings, context: contexts[settings.language] }, facts);
      for (const tag of hashtags) {
        for (const language of CAPTION_LANGUAGES) expect(CAPTION_STOP_WORDS[language].has(tag.toLowerCase()), `#${tag} in ${settings.language} (${language} stop word)`).toBe(false);
      }
    }
    const english = composeCaption({ ...base, context: englishContext }, facts).hashtags;
    expect(english).not.toContain('tiny');
    expect(english.slice(0, 4)).toEqual(['cup', 'coffee', 'table', 'studio']);
  });

  it('names every object the detector knows in every language, as one hashtag word', () => {
    expect(SUBJECT_LABELS).toHaveLength(80);
    for (const label of SUBJECT_LABELS)
      for (const language of CAPTION_LANGUAGES) {
        const word = subjectWord(label, language)!;
        expect(word, `${label} in ${language}`).toBeTruthy();
        if (language !== 'English') expect(hashtagOf(word), `${label} in ${language}`).toBe(word);
      }
    expect(subjectWord('unicorn', 'Spanish')).toBeNull();
  });

  it('reads the language a context is written in from its script and common words', () => {
    expect(contextLanguage(englishContext)).toBe('English');
    expect(contextLanguage('Un café pequeño en la mesa')).toBe('Spanish');
    expect(contextLanguage('Le petit café sur la table')).toBe('French');
    expect(contextLanguage('Eine kleine Tasse auf dem Tisch')).toBe('German');
    expect(contextLanguage('今日はカフェで')).toBe('Japanese');
    expect(contextLanguage('今天在咖啡馆')).toBe('Mandarin');
    expect(contextLanguage('आज कॉफी')).toBe('Hindi');
    expect(contextLanguage('كوب قهوة')).toBe('Arabic');
    expect(contextLanguage('Sunset beach')).toBeNull();
    expect(contextLanguage("L'espresso d'aujourd'hui")).toBe('French');
    expect(composeCaption({ ...base, language: 'French', context: "L'espresso du studio" }, facts).hashtags.slice(0, 3)).toEqual(['tasse', 'espresso', 'studio']);
  });
});
