import sharp from 'sharp';
import { HEADSHOT_SIZE, type HeadshotBackgroundId, type HeadshotStyle } from '../../../../contract/headshot.ts';
import { applyEffects, EFFECTS } from '../effects/index.ts';
import type { Box, LocalVision } from '../local-vision/index.ts';
import { backgroundPlate } from './headshot-backgrounds.ts';

/**
 * The local engine's headshot: a head-and-shoulders square around the one face, the person cut out with the selfie
 * segmentation mask (edge feathered), composited on the chosen background plate, then the style's grade from the
 * effect library. It re-lights and re-frames the photo it is given; it does not invent a new face, outfit or pose,
 * and the text says what was done.
 */

/** Each style's grade: effects from the library applied in order at a strength that keeps a headshot a headshot. */
export const HEADSHOT_GRADES: Record<HeadshotStyle, { effects: readonly string[]; strength: number }> = {
  Professional: { effects: ['vignette'], strength: 0.35 },
  Regal: { effects: ['golden-hour', 'vignette'], strength: 0.5 },
  Elegant: { effects: ['high-key', 'vignette'], strength: 0.35 },
  Casual: { effects: ['vivid'], strength: 0.35 },
  Funky: { effects: ['pop-art'], strength: 0.45 },
  Vintage: { effects: ['vintage-film'], strength: 0.7 },
  Cyberpunk: { effects: ['cyberpunk'], strength: 0.65 },
  Gothic: { effects: ['low-key', 'cool'], strength: 0.55 },
  Minimalist: { effects: ['faded', 'high-key'], strength: 0.4 },
};

/**
 * Head and shoulders: the square is 2.8 face widths on a side, the face's top 0.7 face heights below the square's
 * top (room for hair), so the face sits a little above the middle and the shoulders come in below. Kept inside
 * the photo; when the photo is too small for that, the square is as big as the photo allows.
 */
export function headshotCrop(face: Box, width: number, height: number): Box {
  const side = Math.max(1, Math.min(width, height, Math.round(Math.max(face.width, face.height) * 2.8)));
  const cx = face.x + face.width / 2;
  const clamp = (v: number, max: number) => Math.round(Math.max(0, Math.min(max, v)));
  return { x: clamp(cx - side / 2, width - side), y: clamp(face.y - face.height * 0.7, height - side), width: side, height: side };
}

export interface LocalHeadshotInput {
  /** The photo as decoded (orientation applied). */
  image: Buffer;
  /** The one face the check found, in the photo's pixels. */
  face: Box;
  style: HeadshotStyle;
  background: HeadshotBackgroundId;
  customBackground?: string;
  vision: Pick<LocalVision, 'personMask'>;
  size?: number;
}

export interface LocalHeadshot {
  data: Buffer;
  text: string;
}

/** Widens the mask to keep the face whole even where the segmentation is unsure of it (a beard, a hat brim). */
function faceEllipse(face: Box, crop: Box, size: number): Buffer {
  const scale = size / crop.width;
  const cx = (face.x - crop.x + face.width / 2) * scale;
  // The inner face only (brow to mouth, inside the cheeks): the detector's box reaches past the jaw onto the backdrop.
  const cy = (face.y - crop.y + face.height * 0.45) * scale;
  const rx = face.width * 0.3 * scale;
  const ry = face.height * 0.38 * scale;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="#000"/><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#fff"/></svg>`,
  );
}

/** The head-and-shoulders square of the photo at `size` px, PNG: what the local engine composites and a provider edits. */
export async function headshotSquare(image: Buffer, face: Box, size = HEADSHOT_SIZE): Promise<{ square: Buffer; crop: Box }> {
  const meta = await sharp(image).metadata();
  const crop = headshotCrop(face, meta.width, meta.height);
  const square = await sharp(image)
    .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
    .resize(size, size, { kernel: 'lanczos3' })
    .removeAlpha()
    .toColourspace('srgb')
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { square, crop };
}

export async function renderHeadshot(input: LocalHeadshotInput): Promise<LocalHeadshot> {
  const size = input.size ?? HEADSHOT_SIZE;
  const { square, crop } = await headshotSquare(input.image, input.face, size);

  const [mask, plate] = await Promise.all([input.vision.personMask(square), backgroundPlate(input.background, size, input.customBackground)]);
  // Feathered by ~0.25% of the side: a hard mask edge reads as a sticker; a wider one lets the old background glow through.
  const feather = Math.max(0.6, size / 400);
  const ellipse = await sharp(faceEllipse(input.face, crop, size)).blur(size / 120).removeAlpha().extractChannel(0).raw().toBuffer();
  const personRaw = await sharp(mask).resize(size, size, { fit: 'fill' }).removeAlpha().extractChannel(0).blur(feather).raw().toBuffer();
  const alpha = Buffer.alloc(size * size);
  // The mask's soft edge is pulled in (0.3 → 0, 0.85 → 1): its outer half still carries the old background's colour,
  // which shows as a pale rim on the new one.
  for (let i = 0; i < alpha.length; i++) alpha[i] = Math.max(Math.min(255, Math.max(0, (personRaw[i]! - 77) * 1.85)), ellipse[i]!);
  const alphaPng = await sharp(alpha, { raw: { width: size, height: size, channels: 1 } }).png().toBuffer();

  // (square has no alpha: headshotSquare removed it; a removeAlpha here would run after the join and drop the mask.)
  const cutout = await sharp(square).joinChannel(alpha, { raw: { width: size, height: size, channels: 1 } }).png().toBuffer();
  const composite = await sharp(plate.data, { raw: { width: size, height: size, channels: 3 } })
    .composite([{ input: cutout }])
    .removeAlpha()
    .png({ compressionLevel: 1 })
    .toBuffer();

  const grade = HEADSHOT_GRADES[input.style];
  const graded = await applyEffects(composite, grade.effects, { strength: grade.strength, subjectMask: alphaPng });
  const data = await sharp(graded).removeAlpha().png().toBuffer();
  const names = grade.effects.map((id) => EFFECTS.find((e) => e.id === id)?.name ?? id).join(' + ');
  return {
    data,
    text: `Framed your head and shoulders, cut you out and placed you on ${plate.label} background, then applied the ${input.style} grade (${names}).`,
  };
}
