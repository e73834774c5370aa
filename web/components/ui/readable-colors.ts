import { bannerBackgroundCss, parseBannerBackground } from '../../../contract/site.ts';

/**
 * Admin-chosen banner colours, made readable: when the text and background colours are below the WCAG AA contrast
 * of 4.5:1, the background is darkened (or lightened, for dark text) step by step until they reach it, keeping
 * its hue. The spec's default pair (#3b82f6 behind #ffffff, 3.7:1) becomes a deeper blue.
 */
const HEX = /^#([0-9a-f]{6})$/i;

type Rgb = [number, number, number];

function parse(hex: string): Rgb | null {
  const match = HEX.exec(hex.trim());
  if (!match) return null;
  const n = Number.parseInt(match[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

export function contrastRatio(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return 1;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const MIN_CONTRAST = 4.5;

/** The colours to paint: the admin's when readable, else the background moved away from the text until it is. */
export function readableColors(background: string, text: string): { background: string; text: string } {
  const bg = parse(background);
  const fg = parse(text);
  if (!bg || !fg) return { background: '#1d4ed8', text: '#ffffff' };
  if (contrastRatio(background, text) >= MIN_CONTRAST) return { background: toHex(bg), text: toHex(fg) };
  const darken = luminance(fg) > luminance(bg);
  for (let step = 1; step <= 20; step += 1) {
    const f = step * 0.05;
    const moved = bg.map((c) => (darken ? c * (1 - f) : c + (255 - c) * f)) as Rgb;
    const candidate = toHex(moved);
    if (contrastRatio(candidate, toHex(fg)) >= MIN_CONTRAST) return { background: candidate, text: toHex(fg) };
  }
  return { background: darken ? '#000000' : '#ffffff', text: toHex(fg) };
}

/**
 * How a banner paints an admin's bg_color (a colour or a hex gradient, see `parseBannerBackground`): each colour made
 * readable behind the text, and the CSS rebuilt from the parsed parts, never the stored text. Anything unreadable
 * paints the safe pair.
 */
export function bannerPaint(background: string, text: string): { backgroundColor: string; backgroundImage?: string; color: string } {
  const parsed = parseBannerBackground(background);
  if (parsed?.kind === 'gradient') {
    const stops = parsed.stops.map((stop) => readableColors(stop, text));
    return {
      backgroundColor: stops[0]!.background,
      backgroundImage: bannerBackgroundCss({ kind: 'gradient', angle: parsed.angle, stops: stops.map((s) => s.background) }),
      color: stops[0]!.text,
    };
  }
  const colors = readableColors(parsed?.color ?? '', text);
  return { backgroundColor: colors.background, color: colors.text };
}
