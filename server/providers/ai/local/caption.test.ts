import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAPTION_LANGUAGES, CAPTION_LENGTHS, CAPTION_PLATFORMS, CAPTION_TONES, HASHTAG_COUNT } from '../../../../contract/captions.ts';
import { COLOUR_NAMES, PHRASES } from './caption-phrases.ts';
import { colourName, composeCaption, dominantColours, settleHashtags, X_MAX_CHARS, type CaptionSettings, type ImageFacts } from './caption.ts';

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
});
