// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { MAX_SOURCE_SIDE } from '../../contract/ai.ts';
import { fitWithin, isAcceptedImage, stripDataUrl } from './image-resize.ts';

describe('image preparation (spec 2 §9: 1536 px longest side)', () => {
  it('scales the longest side down to 1536 px, keeping proportions', () => {
    expect(MAX_SOURCE_SIDE).toBe(1536);
    expect(fitWithin(4000, 3000)).toEqual({ width: 1536, height: 1152 });
    expect(fitWithin(1000, 3072)).toEqual({ width: 500, height: 1536 });
  });

  it('never enlarges', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1536, 10)).toEqual({ width: 1536, height: 10 });
  });

  it('accepts PNG, JPG and WEBP only', () => {
    expect(isAcceptedImage({ type: 'image/png', name: 'a.png' })).toBe(true);
    expect(isAcceptedImage({ type: 'image/jpeg', name: 'a.jpg' })).toBe(true);
    expect(isAcceptedImage({ type: 'image/webp', name: 'a.webp' })).toBe(true);
    expect(isAcceptedImage({ type: 'image/gif', name: 'a.gif' })).toBe(false);
    expect(isAcceptedImage({ type: 'image/svg+xml', name: 'a.svg' })).toBe(false);
    expect(isAcceptedImage({ type: '', name: 'photo.JPEG' })).toBe(true);
    expect(isAcceptedImage({ type: '', name: 'notes.txt' })).toBe(false);
  });

  it('sends base64 without the data: prefix', () => {
    expect(stripDataUrl('data:image/jpeg;base64,QUJD')).toBe('QUJD');
  });
});
