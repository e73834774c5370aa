import { describe, expect, it } from 'vitest';
import { chooseEffect, chooseEffects, EFFECTS } from './catalogue.ts';

const ids = (prompt: string) => chooseEffects(prompt).map((e) => e.id);

describe('choosing effects from the prompt', () => {
  it('picks the effect the prompt names first, and lists every named one in order', () => {
    expect(chooseEffect('Turn it into a watercolour painting at golden hour')).toEqual({ id: 'watercolour', name: 'Watercolour' });
    expect(ids('Turn it into a watercolour painting at golden hour')).toEqual(['watercolour', 'golden-hour']);
    expect(ids('golden hour, then a watercolour')).toEqual(['golden-hour', 'watercolour']);
  });

  it.each([
    ['a watercolor of my dog', 'watercolour'],
    ['make it a painting', 'watercolour'],
    ['oil painting in the style of van gogh', 'oil-paint'],
    ['a pencil drawing', 'pencil-sketch'],
    ['charcoal sketch', 'pencil-sketch'],
    ['anime style', 'cartoon'],
    ['posterize it', 'cartoon'],
    ['make it B&W', 'black-and-white'],
    ['black and white please', 'black-and-white'],
    ['grayscale', 'black-and-white'],
    ['film noir detective', 'noir'],
    ['old film photo from the 70s', 'vintage-film'],
    ['glowing neon lights', 'neon'],
    ['two-tone poster', 'duotone'],
    ['bright and airy', 'high-key'],
    ['dark and moody', 'low-key'],
    ['HDR landscape', 'hdr'],
    ['blur the background', 'blur-background'],
    ['portrait mode bokeh', 'blur-background'],
    ['add a vignette', 'vignette'],
    ['sepia tone', 'sepia'],
    ['cinematic teal and orange', 'cinematic'],
    ['soft dreamy pastel', 'pastel'],
    ['Andy Warhol pop art', 'pop-art'],
    ['cyberpunk city vibes', 'cyberpunk'],
    ['infrared photo', 'infrared'],
    ['faded matte look', 'faded'],
    ['cold winter morning', 'cool'],
    ['vibrant colours', 'vivid'],
    ['comic book style', 'comic-ink'],
  ])('%s → %s', (prompt, id) => {
    expect(chooseEffect(prompt).id).toBe(id);
  });

  it('matches whole words only (no effect inside another word)', () => {
    expect(ids('a popular bold hairstyle near the irises')).toEqual([]);
  });

  it('every effect can be named by its own name', () => {
    for (const effect of EFFECTS) expect(chooseEffect(`make it ${effect.name.toLowerCase()}`).id).toBe(effect.id);
  });

  it('an unknown prompt gets a stable effect, which the salt varies', () => {
    const prompt = 'a cat on a mat';
    expect(chooseEffects(prompt)).toEqual([]);
    expect(chooseEffect(prompt)).toEqual(chooseEffect(prompt));
    expect(chooseEffect(prompt, 3)).toEqual(chooseEffect(prompt, 3));
    const picks = new Set(Array.from({ length: 12 }, (_, salt) => chooseEffect(prompt, salt).id));
    expect(picks.size).toBeGreaterThan(4);
    const prompts = new Set(['a cat', 'a dog', 'a house', 'a tree', 'a car', 'a boat', 'a lake', 'a city'].map((p) => chooseEffect(p).id));
    expect(prompts.size).toBeGreaterThan(3);
  });
});
