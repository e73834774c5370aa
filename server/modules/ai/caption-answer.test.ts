import { describe, expect, it } from 'vitest';
import { captionPrompt, parseCaptionAnswer } from './caption-answer.ts';

describe('reading a vision model caption answer', () => {
  const want = { caption: 'Coffee first.', hashtags: ['coffee', 'morning'] };

  it('reads plain JSON, JSON in a code fence, and JSON between other text', () => {
    expect(parseCaptionAnswer(JSON.stringify(want))).toEqual(want);
    expect(parseCaptionAnswer('```json\n{"caption": "Coffee first.", "hashtags": ["coffee", "morning"]}\n```')).toEqual(want);
    expect(parseCaptionAnswer('Sure! Here it is:\n```\n{"caption":"Coffee first.","hashtags":["coffee","morning"]}\n```\nEnjoy.')).toEqual(want);
    expect(parseCaptionAnswer('Here you go: {"caption": "Coffee first.", "hashtags": ["coffee", "morning"]} Hope it helps!')).toEqual(want);
    expect(parseCaptionAnswer('{"caption": "Coffee first.", "hashtags": "#coffee #morning"}').hashtags).toEqual(['#coffee', '#morning']);
  });

  it('falls back to the raw text as the caption with its #words as hashtags', () => {
    expect(parseCaptionAnswer('Coffee first, always.\n\n#coffee #morning #café')).toEqual({ caption: 'Coffee first, always.', hashtags: ['coffee', 'morning', 'café'] });
    expect(parseCaptionAnswer('{"caption": broken json')).toEqual({ caption: '{"caption": broken json', hashtags: [] });
    expect(parseCaptionAnswer('{"caption": "", "hashtags": []}').caption).toBe('{"caption": "", "hashtags": []}');
  });

  it('asks for the settings, the context, 5-7 hashtags with the creator’s, and JSON', () => {
    const prompt = captionPrompt({ platform: 'LinkedIn', length: 'Long', tone: 'Professional', language: 'French', context: 'Our new studio', additionalHashtags: ['design', 'studio'] });
    expect(prompt).toContain('LinkedIn');
    expect(prompt).toContain('Tone: Professional');
    expect(prompt).toContain('in French');
    expect(prompt).toContain('Our new studio');
    expect(prompt).toContain('between 5 and 7');
    expect(prompt).toContain('design, studio');
    expect(prompt).toContain('{"caption"');
  });
});
