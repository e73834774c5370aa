import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'opentype.js';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
// Loaded as CommonJS: its ESM build has only named exports and its `main` only CommonJS, so a static import resolves
// differently under Vite (module) and Node (main); require gives the same build everywhere.
const { parse } = require('opentype.js') as typeof import('opentype.js');

/**
 * Thumbnail lettering: upper case, at most two lines, as large as its column allows, with a thick dark stroke and a
 * soft drop shadow, the way creators letter their thumbnails. The glyphs are drawn as vector paths (opentype.js) in an
 * SVG that sharp composites, so no system font is needed and the result is the same on every machine.
 *
 * Font: Anton by Vernon Adams (The Anton Project Authors), from the npm package @fontsource/anton, licensed under the
 * SIL Open Font License 1.1 (node_modules/@fontsource/anton/LICENSE). The OFL allows bundling and use in any output;
 * it only forbids selling the font file on its own.
 */
let font: Font | null = null;
function anton(): Font {
  if (!font) {
    // The package's `exports` map only lists CSS, so resolve the LICENSE it does export and read the file beside it.
    const license = require.resolve('@fontsource/anton/LICENSE');
    const bytes = readFileSync(new URL('files/anton-latin-400-normal.woff', `file://${license}`));
    font = parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer);
  }
  return font;
}

/** Where the text goes: a column on the left or right (away from the face), or a band across the bottom. */
export type TextSide = 'left' | 'right' | 'bottom';

export interface TextLine {
  text: string;
  x: number;
  baseline: number;
  width: number;
}

export interface TextLayout {
  fontSize: number;
  lines: TextLine[];
  /** Where the lettering sits, stroke included, in the frame's pixels. */
  box: { x: number; y: number; width: number; height: number };
}

export const MAX_LINES = 2;
/** Stroke and line metrics as shares of the font size. */
const STROKE = 0.08;
const LINE_HEIGHT = 1.04;
/** Anton's capital height is 0.86 em (the lettering is all capitals). */
const CAP_HEIGHT = 0.86;

/** The text as it will be drawn: upper case, spaces collapsed, characters the font has no glyph for dropped (no tofu boxes). */
export function overlayWords(text: string): string[] {
  const f = anton();
  const upper = [...text.toUpperCase()].filter((c) => /\s/.test(c) || f.charToGlyphIndex(c) > 0).join('');
  return upper.split(/\s+/).filter(Boolean);
}

/** The split of the words into one or two lines whose longer line is the shortest. */
function splitLines(words: string[], measure: (s: string) => number): string[] {
  let best = [words.join(' ')];
  let bestWidth = measure(best[0]!);
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const width = Math.max(...lines.map(measure));
    if (width < bestWidth) [best, bestWidth] = [lines, width];
  }
  return best.slice(0, MAX_LINES);
}

/**
 * Lays the text out in its column: a side column is 55% of the frame wide and centred in height; the bottom band
 * spans the frame. The size is the largest at which the longer line fits the column (stroke included) and both lines
 * fit 42% of the frame's height (34% for the bottom band), capped at a quarter of the height for one short word. Null when nothing is drawable.
 */
export function layoutText(text: string, frame: { width: number; height: number }, side: TextSide): TextLayout | null {
  const words = overlayWords(text);
  if (words.length === 0) return null;
  const f = anton();
  const margin = Math.round(frame.width * 0.035);
  const columnWidth = side === 'bottom' ? frame.width - 2 * margin : Math.round(frame.width * 0.55) - margin;
  const lines = splitLines(words, (s) => f.getAdvanceWidth(s, 100));
  const widest = Math.max(...lines.map((l) => f.getAdvanceWidth(l, 100)));
  // The stroke adds STROKE x size on each side of a line.
  const byWidth = columnWidth / (widest / 100 + 2 * STROKE);
  // A bottom band sits over the subject's body or the object itself: a little lower than a side column.
  const byHeight = (frame.height * (side === 'bottom' ? 0.34 : 0.42)) / ((lines.length - 1) * LINE_HEIGHT + CAP_HEIGHT + 2 * STROKE);
  const fontSize = Math.floor(Math.min(byWidth, byHeight, frame.height * 0.25) * 10) / 10;
  const stroke = fontSize * STROKE;
  const blockHeight = fontSize * LINE_HEIGHT * (lines.length - 1) + fontSize * CAP_HEIGHT;
  const top = side === 'bottom' ? frame.height - margin - stroke - blockHeight : (frame.height - blockHeight) / 2;
  const laid = lines.map((line, i) => {
    const width = f.getAdvanceWidth(line, fontSize);
    const x = side === 'left' ? margin + stroke : side === 'right' ? frame.width - margin - stroke - width : (frame.width - width) / 2;
    return { text: line, x, baseline: top + fontSize * CAP_HEIGHT + i * fontSize * LINE_HEIGHT, width };
  });
  const left = Math.min(...laid.map((l) => l.x)) - stroke;
  const right = Math.max(...laid.map((l) => l.x + l.width)) + stroke;
  return { fontSize, lines: laid, box: { x: left, y: top - stroke, width: right - left, height: blockHeight + 2 * stroke } };
}

/** The SVG of the lettering for a frame: shadow, then the dark stroke, then the fill on top. */
export function textSvg(layout: TextLayout, frame: { width: number; height: number }, fill: string): string {
  const f = anton();
  const paths = layout.lines.map((l) => f.getPath(l.text, l.x, l.baseline, layout.fontSize).toPathData(1)).join(' ');
  const stroke = Math.max(2, layout.fontSize * STROKE);
  const shadow = Math.max(2, layout.fontSize * 0.06);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${frame.height}">
<defs><filter id="shadow" x="-20%" y="-20%" width="140%" height="160%"><feGaussianBlur stdDeviation="${(shadow * 0.8).toFixed(1)}"/></filter></defs>
<path d="${paths}" transform="translate(${(shadow * 0.6).toFixed(1)} ${shadow.toFixed(1)})" fill="#000" fill-opacity="0.6" stroke="#000" stroke-opacity="0.6" stroke-width="${(stroke * 2).toFixed(1)}" stroke-linejoin="round" filter="url(#shadow)"/>
<path d="${paths}" fill="none" stroke="#0b0b12" stroke-width="${(stroke * 2).toFixed(1)}" stroke-linejoin="round"/>
<path d="${paths}" fill="${fill}"/>
</svg>`;
}

/**
 * Draws the text onto the image (any format sharp reads) in the column of `side`; `fill` is the letter colour (a
 * style's accent, a #rrggbb). PNG out, the image's size. Text with nothing drawable leaves the image as it was.
 */
export async function drawText(image: Buffer, text: string, side: TextSide, fill = '#ffffff'): Promise<{ data: Buffer; layout: TextLayout | null }> {
  const meta = await sharp(image).metadata();
  const frame = { width: meta.width, height: meta.height };
  const layout = layoutText(text, frame, side);
  if (!layout) return { data: await sharp(image).png().toBuffer(), layout };
  if (!/^#[0-9a-f]{6}$/i.test(fill)) throw new RangeError(`Text colour must be #rrggbb, not '${fill}'`);
  const data = await sharp(image)
    .composite([{ input: Buffer.from(textSvg(layout, frame, fill)), top: 0, left: 0 }])
    .png()
    .toBuffer();
  return { data, layout };
}
