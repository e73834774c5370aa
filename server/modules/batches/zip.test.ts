import { describe, expect, it } from 'vitest';
import { entryNames, type ZipEntry } from './zip.ts';

const image = (name: string, fileType = 'image/png'): ZipEntry => ({ name, storageKey: `files/${name}`, fileType });

describe('entryNames', () => {
  it('names each result <original-name>-<tool>.<ext> after its own type', () => {
    expect(entryNames([image('beach.jpg'), image('cat.webp', 'image/webp'), image('me.jpeg', 'image/jpeg'), { name: 'post.png', text: 'Hi' }], 'thumbnail-generator')).toEqual([
      'beach-thumbnail-generator.png',
      'cat-thumbnail-generator.webp',
      'me-thumbnail-generator.jpg',
      'post-thumbnail-generator.txt',
    ]);
  });

  it('keeps names unique, whatever their case', () => {
    expect(entryNames([image('a.jpg'), image('A.png'), image('a.jpg')], 'ai-headshot')).toEqual(['a-ai-headshot.png', 'A-ai-headshot (2).png', 'a-ai-headshot (3).png']);
  });

  it('keeps a name safe in a ZIP: no folders, no control characters, never empty', () => {
    expect(entryNames([image('../../etc/passwd'), image('a\u0000b:c.png'), image('.png')], 'background-remover')).toEqual([
      '..-..-etc-passwd-background-remover.png',
      'a-b-c-background-remover.png',
      'image-background-remover.png',
    ]);
  });
});

describe('entryNames with several results of one image', () => {
  it('tells them apart by their label (a mockup style)', () => {
    expect(entryNames([{ ...image('logo.png'), label: 'mug' }, { ...image('logo.png'), label: 't-shirt' }], 'mockup-generator')).toEqual([
      'logo-mockup-generator-mug.png',
      'logo-mockup-generator-t-shirt.png',
    ]);
  });
});
