import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawText, layoutText, MAX_LINES, overlayWords, type TextSide } from './text-overlay.ts';

const frame = { width: 1280, height: 720 };
const inside = (box: { x: number; y: number; width: number; height: number }, f = frame) =>
  box.x >= 0 && box.y >= 0 && box.x + box.width <= f.width && box.y + box.height <= f.height;

describe('thumbnail text layout', () => {
  it.each<[string, TextSide]>([
    ['I quit my job', 'left'],
    ['I quit my job', 'right'],
    ['Watch this before you buy a new laptop in 2025 because prices are about to change a lot', 'bottom'],
    ['Supercalifragilisticexpialidociousnessandthensomemoreletters', 'left'],
    ['WOW', 'right'],
    ['a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i j k l m n o', 'right'],
  ])('%s (%s): at most two lines, upper case, never wider or taller than the frame', (text, side) => {
    const layout = layoutText(text, frame, side)!;
    expect(layout.lines.length).toBeGreaterThan(0);
    expect(layout.lines.length).toBeLessThanOrEqual(MAX_LINES);
    expect(layout.lines.map((l) => l.text).join(' ')).toBe(overlayWords(text).join(' '));
    expect(layout.lines.every((l) => l.text === l.text.toUpperCase())).toBe(true);
    expect(inside(layout.box), JSON.stringify(layout.box)).toBe(true);
    // A side column keeps to its 55% of the frame, on its own side.
    if (side === 'left') expect(layout.box.x + layout.box.width).toBeLessThanOrEqual(frame.width * 0.55);
    if (side === 'right') expect(layout.box.x).toBeGreaterThanOrEqual(frame.width * 0.45);
  });

  it('sets short text big and splits a longer title into two balanced lines', () => {
    const short = layoutText('wow', frame, 'left')!;
    expect(short.lines).toHaveLength(1);
    expect(short.fontSize).toBeGreaterThanOrEqual(frame.height * 0.2);
    const two = layoutText('I tried every budget camera', frame, 'right')!;
    expect(two.lines.map((l) => l.text)).toEqual(['I TRIED EVERY', 'BUDGET CAMERA']);
    expect(two.fontSize).toBeGreaterThan(frame.height * 0.12);
  });

  it('drops characters the font cannot draw and lays out nothing for text with none it can', () => {
    expect(overlayWords('  hello 👋  world ')).toEqual(['HELLO', 'WORLD']);
    expect(layoutText('   ', frame, 'left')).toBeNull();
    expect(layoutText('👋🎉', frame, 'left')).toBeNull();
  });

  it('draws the lettering where the layout says: white fill with a dark stroke, and nothing elsewhere', async () => {
    const grey = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#808080' } }).png().toBuffer();
    const { data, layout } = await drawText(grey, 'Big news', 'right', '#ffffff');
    expect(await sharp(data).metadata()).toMatchObject({ width: 1280, height: 720, format: 'png' });
    const raw = await sharp(data).removeAlpha().raw().toBuffer();
    let white = 0;
    let dark = 0;
    let changedOutside = 0;
    const box = layout!.box;
    for (let y = 0; y < 720; y++) {
      for (let x = 0; x < 1280; x++) {
        const v = raw[(y * 1280 + x) * 3]!;
        const inBox = x >= box.x - 40 && x <= box.x + box.width + 40 && y >= box.y - 40 && y <= box.y + box.height + 40;
        if (!inBox && v !== 128) changedOutside++;
        if (inBox && v > 240) white++;
        if (inBox && v < 30) dark++;
      }
    }
    expect(white).toBeGreaterThan(5000);
    expect(dark).toBeGreaterThan(2000);
    expect(changedOutside).toBe(0);
    expect(box.x).toBeGreaterThan(640 - 64);
  });

  it('refuses a colour that is not #rrggbb (it would be written into the SVG)', async () => {
    const grey = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#808080' } }).png().toBuffer();
    await expect(drawText(grey, 'hi', 'left', 'red" onload="x')).rejects.toThrow(RangeError);
  });
});
