import { describe, expect, it } from 'vitest';
import { LOCAL_PREVIEW_NOTE } from '../../contract/ai.ts';
import { contentSharePage, fileSharePage, ownerName, withoutEngineNote, type SharedFileFacts } from './share-page.ts';

const generated = (over: Partial<SharedFileFacts>): SharedFileFacts => ({
  toolName: 'image-variator',
  prompt: null,
  metadata: {},
  entityType: 'generated_image',
  originalFilename: null,
  ...over,
});
const localMockupText = `Mockup: coffee mug. ${LOCAL_PREVIEW_NOTE}: a drawn template preview.`;

describe('a shared item page: what the owner made first, the tool second, never the engine note', () => {
  it('names a mockup after its style and background, not the preview text the engine wrote', () => {
    const page = fileSharePage(generated({ toolName: 'mockup-generator', prompt: localMockupText, metadata: { style: 'coffee-mug', background: 'photo-studio', preview: true } }), 'Mia');
    expect(page).toEqual({
      title: 'Coffee mug mockup · Mockup Generator',
      description: 'A product mockup on a photo studio background. Made by Mia with Mockup Generator on Ampkit.',
    });
  });

  it("names a custom mockup after the owner's own description", () => {
    const page = fileSharePage(
      generated({ toolName: 'mockup-generator', prompt: 'Mockup: custom, drawn as the coffee mug template your description names. ' + LOCAL_PREVIEW_NOTE, metadata: { style: 'custom', customStyle: 'Coffee mug on a marble table', background: 'gradient' } }),
      'Mia',
    );
    expect(page.title).toBe('Coffee mug on a marble table · Mockup Generator');
    expect(page.description).toBe('A product mockup on a gradient background. Made by Mia with Mockup Generator on Ampkit.');
  });

  it('names a thumbnail after its text, with its style and prompt in the description', () => {
    const page = fileSharePage(generated({ toolName: 'thumbnail-generator', prompt: 'me pointing at a volcano', metadata: { style: 'viral-bold', thumbnailText: 'I climbed it!' } }), 'Sam');
    expect(page).toEqual({ title: 'I climbed it! · Thumbnail Generator', description: 'A Viral Bold video thumbnail: me pointing at a volcano. Made by Sam with Thumbnail Generator on Ampkit.' });
    expect(fileSharePage(generated({ toolName: 'thumbnail-generator', metadata: { style: 'gaming-neon', thumbnailText: '' } }), 'Sam').title).toBe('Gaming Neon thumbnail · Thumbnail Generator');
  });

  it('names a morph, a headshot and a photoshoot image after the prompt, else the choices made', () => {
    expect(fileSharePage(generated({ prompt: 'a watercolour lighthouse' }), 'Ana').title).toBe('a watercolour lighthouse · AI Image Morpher');
    expect(fileSharePage(generated({}), 'Ana').title).toBe('Image variation · AI Image Morpher');
    const headshot = fileSharePage(generated({ toolName: 'ai-headshot', metadata: { style: 'Professional', background: 'office' } }), 'Ana');
    expect(headshot).toEqual({ title: 'Professional headshot · AI Headshot Generator', description: 'A professional headshot, office background. Made by Ana with AI Headshot Generator on Ampkit.' });
    expect(fileSharePage(generated({ toolName: 'ai-photoshoot', prompt: 'on a rooftop at dusk' }), 'Ana').title).toBe('on a rooftop at dusk · AI Photoshoot');
  });

  it('says an upscaled copy is one, keeping its source’s subject', () => {
    const page = fileSharePage(generated({ prompt: 'a fox', metadata: { upscaled_from: 'x', scale_factor: 4 } }), 'Ana');
    expect(page).toEqual({ title: 'a fox · AI Image Morpher', description: 'An image variation, upscaled 4x. Made by Ana with AI Image Morpher on Ampkit.' });
  });

  it('names an upload by its file name, with no tool', () => {
    expect(fileSharePage(generated({ toolName: null, entityType: 'upload', originalFilename: 'holiday.png' }), 'Ana')).toEqual({ title: 'holiday.png', description: 'Shared by Ana on Ampkit.' });
  });

  it('names a caption after its first words, its text the description', () => {
    const page = contentSharePage({ title: 'Golden hour on the pier…', contentType: 'caption', content: 'Golden hour on the pier, and nothing else matters.\n\n#sunset #pier' }, 'Maya');
    expect(page).toEqual({
      title: 'Golden hour on the pier… · Caption Generator',
      description: 'Golden hour on the pier, and nothing else matters. #sunset #pier Made by Maya with Caption Generator on Ampkit.',
    });
    expect(contentSharePage({ title: 'Team sync', contentType: 'summary', content: 'We ship on Friday.' }, 'Maya').title).toBe('Team sync · Audio Transcription');
  });

  it('keeps a long text to 200 characters, cut at a word, and a long subject to 70', () => {
    const long = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    const page = contentSharePage({ title: long, contentType: 'caption', content: long }, 'Maya');
    expect([...page.description].length).toBeLessThanOrEqual(200);
    expect(page.description).toMatch(/word\d+…$/);
    expect(page.title).toMatch(/^word0 .*word\d+… · Caption Generator$/);
    expect([...page.title.split(' · ')[0]!].length).toBeLessThanOrEqual(70);
  });

  it('never takes the engine note as what was made', () => {
    expect(withoutEngineNote(localMockupText)).toBe('Mockup: coffee mug.');
    expect(withoutEngineNote(`${LOCAL_PREVIEW_NOTE}. A cat on a mat`)).toBe('A cat on a mat');
    const page = contentSharePage({ title: 'Caption', contentType: 'caption', content: `${LOCAL_PREVIEW_NOTE}. Sun and sea.` }, 'Maya');
    expect(page.description).toBe('Sun and sea. Made by Maya with Caption Generator on Ampkit.');
    for (const p of [page, fileSharePage(generated({ toolName: 'mockup-generator', prompt: localMockupText, metadata: {} }), 'Mia')]) {
      expect(`${p.title} ${p.description}`).not.toContain('local engine');
    }
  });

  it('leaves the text as written: escaping is the HTML’s job', () => {
    const page = fileSharePage(generated({ prompt: '<script>alert("x")</script> & \'quotes\'' }), 'Mia <Meta>');
    expect(page.title).toBe('<script>alert("x")</script> & \'quotes\' · AI Image Morpher');
    expect(page.description).toContain('Made by Mia <Meta> with');
  });

  it('names a creator without a name', () => {
    expect(ownerName(undefined)).toBe('an Ampkit creator');
    expect(ownerName({ name: '  ' })).toBe('an Ampkit creator');
    expect(ownerName({ name: 'Mia' })).toBe('Mia');
  });
});
