import { isMainThread } from 'node:worker_threads';
import sharp from 'sharp';
import { REALISM_LABELS, THUMBNAIL_SIZE, THUMBNAIL_STYLES, type ThumbnailStyleId } from '../../../../contract/thumbnail.ts';
import { applyEffects, chooseEffect, chooseEffects, EFFECTS } from '../effects/index.ts';
import type { Box, Face, LocalVision } from '../local-vision/index.ts';
import { asBuffer, sharedRenderPool } from '../render-pool/pool.ts';
import { drawText, layoutText, type TextLayout, type TextSide } from '../text-overlay.ts';

/**
 * The local engine's thumbnail: the frame cropped to 16:9 around the largest face (or by libvips' attention
 * strategy when there is none), the style's grade from the effect library at a strength set by the realism level,
 * an extra effect for the edit prompt, and the creator's text lettered on the side away from the face. It re-frames
 * and re-grades the photo it is given; it paints nothing new, and the text says what was done.
 */

export interface ThumbnailGrade {
  /** Library effects applied in order. */
  effects: readonly string[];
  /** Added first at realism 1-2 (Very Stylized, Stylized): the look that makes the photo read as drawn or graphic. */
  stylize: string;
  /** The letter colour of the overlay text. */
  textFill: `#${string}`;
}

export const THUMBNAIL_GRADES: Record<ThumbnailStyleId, ThumbnailGrade> = {
  'viral-bold': { effects: ['vivid', 'hdr'], stylize: 'cartoon', textFill: '#ffe600' },
  reaction: { effects: ['vivid', 'vignette'], stylize: 'pop-art', textFill: '#ffd400' },
  'gaming-neon': { effects: ['cyberpunk', 'vignette'], stylize: 'cartoon', textFill: '#3af4ff' },
  'tech-review': { effects: ['cool', 'hdr'], stylize: 'comic-ink', textFill: '#ffffff' },
  'vlog-bright': { effects: ['high-key', 'golden-hour'], stylize: 'pastel', textFill: '#ffffff' },
  'tutorial-clean': { effects: ['high-key'], stylize: 'cartoon', textFill: '#ffe14d' },
  'cinematic-story': { effects: ['cinematic', 'vignette'], stylize: 'oil-paint', textFill: '#f6e7c8' },
  'finance-pro': { effects: ['hdr', 'vignette'], stylize: 'comic-ink', textFill: '#ffd24a' },
  'fitness-energy': { effects: ['low-key', 'hdr'], stylize: 'comic-ink', textFill: '#ff3b30' },
  'food-closeup': { effects: ['golden-hour', 'blur-background'], stylize: 'oil-paint', textFill: '#fff4d6' },
  'travel-adventure': { effects: ['golden-hour', 'vivid'], stylize: 'watercolour', textFill: '#ffffff' },
  'podcast-minimal': { effects: ['faded', 'vignette'], stylize: 'duotone', textFill: '#ffffff' },
};

/** Effect strength by realism 1-5: Very Stylized strong … Very Realistic light. */
export const REALISM_STRENGTH = [0.95, 0.75, 0.55, 0.35, 0.15] as const;
/** An effect picked for an edit prompt that names none: never fainter than this (a named one is applied in full). */
const PROMPT_STRENGTH_MIN = 0.55;

/** Where the face's centre goes in the frame: a third from the top, on a vertical third when text shares the frame. */
const FACE_Y = 0.36;
/** The crop is about this many face heights tall (blazeface boxes run brow to chin): head and shoulders, big. */
const FACE_HEIGHTS = 3.2;
/**
 * Room kept above the face box, in face heights: the detector's box stops at the brow line or a little above, and the
 * hair and some air above it take about half a face more (the cameraman's hair rises 0.45 face heights above his box).
 */
export const HEADROOM = 0.55;
/** Room kept below the face box (the chin), in face heights. */
const CHIN_ROOM = 0.12;

export const effectName = (id: string) => EFFECTS.find((e) => e.id === id)?.name ?? id;

/**
 * The 16:9 crop of a width x height photo around a face: as tall as FACE_HEIGHTS faces (never more than the photo
 * allows, never under half the output's height unless the photo is smaller), the face's centre at FACE_Y of the
 * height and, when text shares the frame, on the vertical third of its own side (centred otherwise). The head comes
 * first: the frame keeps HEADROOM above the face box and CHIN_ROOM below it whenever the photo has that room; a frame
 * too small for both keeps the room above first, and the face box (its top over its chin) always. Kept inside the photo.
 */
export function faceCrop(face: Box, width: number, height: number, withText: boolean): Box {
  const ratio = THUMBNAIL_SIZE.width / THUMBNAIL_SIZE.height;
  const maxH = Math.min(height, width / ratio);
  const minH = Math.min(maxH, THUMBNAIL_SIZE.height / 2);
  const h = Math.max(minH, Math.min(maxH, face.height * FACE_HEIGHTS));
  const w = Math.min(width, h * ratio);
  const cx = face.x + face.width / 2;
  const cy = face.y + face.height / 2;
  const anchorX = !withText || Math.abs(cx / width - 0.5) < 0.04 ? 0.5 : cx < width / 2 ? 1 / 3 : 2 / 3;
  const clamp = (v: number, max: number) => Math.round(Math.max(0, Math.min(max, v)));
  const cw = Math.round(w);
  const ch = Math.round(h);
  // A big face (a close-up) would stick out of the frame at those anchors: then the whole face wins over the anchor.
  const x = Math.max(Math.min(cx - w * anchorX, face.x), face.x + face.width - w);
  // The head with its room above (as much of it as the photo has) and the chin with a little room below.
  const headTop = Math.max(0, face.y - face.height * HEADROOM);
  const chin = Math.min(height, face.y + face.height * (1 + CHIN_ROOM));
  // A face too big for all of that keeps its room above before the room below, and the box itself before either.
  const y = chin - headTop <= h ? Math.min(Math.max(cy - h * FACE_Y, chin - h), headTop) : Math.min(face.y, Math.max(headTop, face.y + face.height - h));
  return { x: clamp(x, width - cw), y: clamp(y, height - ch), width: cw, height: ch };
}

const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/**
 * The side for the text: the one whose lettering covers the least of the faces (a side column before the bottom
 * band on a tie, the side away from the largest face first). No faces: the bottom band.
 */
export function textSide(text: string, faces: readonly Box[], frame = THUMBNAIL_SIZE): { side: TextSide; layout: TextLayout } | null {
  const main = faces[0];
  const order: TextSide[] = !main ? ['bottom'] : main.x + main.width / 2 < frame.width / 2 ? ['right', 'left', 'bottom'] : ['left', 'right', 'bottom'];
  let best: { side: TextSide; layout: TextLayout; covered: number } | null = null;
  for (const side of order) {
    const layout = layoutText(text, frame, side);
    if (!layout) return null;
    // Padded by a fifth of the face so the letters also keep off the hair and chin.
    const covered = faces.reduce((sum, f) => sum + overlap(layout.box, { x: f.x - f.width * 0.2, y: f.y - f.height * 0.35, width: f.width * 1.4, height: f.height * 1.6 }), 0);
    if (!best || covered < best.covered) best = { side, layout, covered };
    if (covered === 0) break;
  }
  return best && { side: best.side, layout: best.layout };
}

/** Beyond this aspect ratio a face search of the whole photo sees faces too small (it shrinks the photo to 640 px). */
const PANORAMA = 2;

const iou = (a: Box, b: Box) => {
  const inter = overlap(a, b);
  return inter / (a.width * a.height + b.width * b.height - inter);
};

/**
 * The faces in a photo. The detector looks at the photo shrunk to 640 px on its long side, so in a panorama (wider
 * than 2:1, or taller than 1:2) a face of a normal size shrinks below what it finds (the astronaut at the edge of a
 * 3000x700 canvas is found at 2000 px wide and lost at 2400): when the whole photo gives none, the photo is searched
 * again in overlapping tiles of 1.5:1 and the boxes merged.
 */
export async function findFaces(vision: Pick<LocalVision, 'faces'>, image: Buffer): Promise<Face[]> {
  const whole = await vision.faces(image);
  const { width, height } = await sharp(image).metadata();
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (whole.length > 0 || long / short <= PANORAMA) return whole;
  const tile = Math.min(long, Math.round(short * 1.5));
  const count = Math.ceil((long - tile) / (tile / 2)) + 1;
  const found: Face[] = [];
  for (let i = 0; i < count; i++) {
    const start = Math.round(((long - tile) * i) / Math.max(1, count - 1));
    const region = width >= height ? { left: start, top: 0, width: tile, height } : { left: 0, top: start, width, height: tile };
    const part = await sharp(image).extract(region).png({ compressionLevel: 1 }).toBuffer();
    for (const f of await vision.faces(part)) {
      const face = { ...f, x: f.x + region.left, y: f.y + region.top };
      const twin = found.findIndex((g) => iou(g, face) > 0.3);
      if (twin < 0) found.push(face);
      else if (face.score > found[twin]!.score) found[twin] = face;
    }
  }
  return found;
}

/** Face boxes mapped from the photo into a crop scaled to the output. */
function facesInFrame(faces: readonly Face[], crop: Box): Box[] {
  const s = THUMBNAIL_SIZE.width / crop.width;
  return faces.map((f) => ({ x: (f.x - crop.x) * s, y: (f.y - crop.y) * s, width: f.width * s, height: f.height * s }));
}

/**
 * The 1280x720 frame: around the largest face when there is one (see faceCrop), else libvips' attention strategy
 * (the most salient region: skin tones, saturation, edges). Also answers the faces as they sit in the frame.
 */
export async function thumbnailFrame(image: Buffer, faces: readonly Face[], withText: boolean): Promise<{ frame: Buffer; faces: Box[]; crop: Box | null }> {
  const { width, height } = THUMBNAIL_SIZE;
  const bySize = [...faces].sort((a, b) => b.width * b.height - a.width * a.height);
  const main = bySize[0];
  if (!main) {
    const frame = await sharp(image).resize(width, height, { fit: 'cover', position: sharp.strategy.attention }).removeAlpha().png({ compressionLevel: 1 }).toBuffer();
    return { frame, faces: [], crop: null };
  }
  const meta = await sharp(image).metadata();
  const crop = faceCrop(main, meta.width, meta.height, withText);
  const frame = await sharp(image)
    .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .removeAlpha()
    .toColourspace('srgb')
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { frame, faces: facesInFrame(bySize, crop), crop };
}

export interface LocalThumbnailInput {
  /** The photo as decoded (orientation applied). */
  image: Buffer;
  /** Faces the local detector found in it (any order). */
  faces: readonly Face[];
  style: ThumbnailStyleId;
  realism: number;
  /** The creator's edit prompt: its named effect (or one picked for it) is applied on top of the grade. */
  prompt?: string;
  /** Lettered on the frame when non-empty. */
  text?: string;
}

export interface LocalThumbnail {
  data: Buffer;
  text: string;
  /** The effects applied, in order. */
  effects: string[];
  textSide: TextSide | null;
}

/**
 * The local thumbnail, rendered on a thread of the render pool (its frame, grade and lettering are a dozen large
 * buffers and pixel passes the thread that answers HTTP never sees); on a pool thread already, rendered there.
 */
export async function renderThumbnail(input: LocalThumbnailInput): Promise<LocalThumbnail> {
  if (!isMainThread) return renderThumbnailHere(input);
  const rendered = await sharedRenderPool().run<LocalThumbnail>('thumbnail', input);
  return { ...rendered, data: asBuffer(rendered.data) };
}

/** renderThumbnail on the calling thread (what a pool thread runs). */
export async function renderThumbnailHere(input: LocalThumbnailInput): Promise<LocalThumbnail> {
  const style = THUMBNAIL_STYLES.find((s) => s.id === input.style)!;
  const grade = THUMBNAIL_GRADES[input.style];
  const realism = Math.min(5, Math.max(1, Math.round(input.realism)));
  const strength = REALISM_STRENGTH[realism - 1]!;
  const overlay = input.text?.trim() ?? '';
  const { frame, faces } = await thumbnailFrame(input.image, input.faces, overlay.length > 0);

  const gradeEffects = [...(realism <= 2 ? [grade.stylize] : []), ...grade.effects];
  let data = await applyEffects(frame, gradeEffects, { strength });
  const applied = [...gradeEffects];

  const prompt = input.prompt?.trim() ?? '';
  let promptNote = '';
  if (prompt) {
    const named = chooseEffects(prompt)[0];
    const extra = named ?? chooseEffect(prompt);
    if (applied.includes(extra.id)) {
      promptNote = ` Your prompt asked for ${extra.name}, which the grade already has.`;
    } else {
      // A named effect is what the creator asked for: in full, whatever the realism; one picked for the prompt, at least PROMPT_STRENGTH_MIN.
      data = await applyEffects(data, [extra.id], { strength: named ? 1 : Math.max(strength, PROMPT_STRENGTH_MIN) });
      applied.push(extra.id);
      promptNote = named ? ` Your prompt asked for ${extra.name}: applied it on top.` : ` Your prompt named no effect the local engine has, so it added ${extra.name} for it.`;
    }
  }

  let side: TextSide | null = null;
  if (overlay) {
    const placed = textSide(overlay, faces);
    if (placed) {
      side = placed.side;
      data = (await drawText(data, overlay, placed.side, grade.textFill)).data;
    }
  }

  const framing = faces.length > 0 ? 'Framed the thumbnail around your face' : 'Framed the thumbnail on the most striking part of your photo (no face found)';
  const where = side === 'bottom' ? 'along the bottom' : side ? `on the ${side}` : '';
  const lettering = side ? ` Set your text ${where} in Anton with a dark outline.` : '';
  return {
    data: await sharp(data).removeAlpha().png().toBuffer(),
    text: `${framing}, applied the ${style.name} grade (${gradeEffects.map(effectName).join(' + ')}) at ${REALISM_LABELS[realism - 1]} strength.${promptNote}${lettering}`,
    effects: applied,
    textSide: side,
  };
}
