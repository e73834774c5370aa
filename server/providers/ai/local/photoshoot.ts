import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import type { ChangeOption, OutputRatio, Variety } from '../../../../contract/photoshoot.ts';
import { applyEffects, chooseEffects, EFFECTS, type EffectInfo } from '../effects/index.ts';
import type { Box, LocalVision } from '../local-vision/index.ts';
import { mulberry32 } from '../../../lib/random.ts';

/**
 * The local engine's AI photoshoot: a different framing of a reference photo per variation (zoom, off-centre
 * placement, mirror for Pose, tilt for Angle) kept around the face when one is found, reframed to the output
 * ratio, then the effect the prompt names or one drawn from the chosen change options (Lighting: light looks,
 * Style: artistic ones, Scenery: background blur and colour). It never claims a new pose or scene.
 */

export interface LocalPhotoshootInput {
  images: Buffer[];
  prompt: string;
  changeOptions: readonly ChangeOption[];
  variety: Variety;
  outputRatio: OutputRatio;
  /** Which variation of the set (0-based): each gets a different framing and effect. */
  index: number;
  /**
   * Per-call salt (photoshootSalt(): a random 31-bit integer): sets the call's own framing (extra zoom, where the
   * subject sits) and rotates the effect, so a second call with the same input and index still gives another picture.
   */
  salt: number;
  vision?: Pick<LocalVision, 'faces' | 'personMask'>;
}

/** Longest side of the result. */
export const PHOTOSHOOT_SIDE = 1024;

const POOLS: Partial<Record<ChangeOption, string[]>> = {
  Lighting: ['golden-hour', 'high-key', 'low-key', 'cinematic', 'cool', 'hdr'],
  Style: ['watercolour', 'oil-paint', 'pencil-sketch', 'cartoon', 'pop-art', 'comic-ink'],
  Scenery: ['blur-background', 'vintage-film', 'faded', 'duotone'],
  Character: ['vivid', 'pastel', 'noir'],
};

const STRENGTH: Record<Variety, number> = { Subtle: 0.35, Creative: 0.6, Diverse: 0.75, Experimental: 0.95 };
const ZOOM: Record<Variety, number> = { Subtle: 0.5, Creative: 1, Diverse: 1.3, Experimental: 1.6 };
/** Per variation: how much tighter than the widest crop, and where the subject sits across the frame. */
const FRAMES = [
  { zoom: 0, place: 0.5 },
  { zoom: 0.22, place: 0.4 },
  { zoom: 0.12, place: 0.6 },
  { zoom: 0.32, place: 0.5 },
];

/** A fresh salt for one call (see LocalPhotoshootInput.salt). */
export const photoshootSalt = () => randomInt(2 ** 31);

/** A number in [0, 1) drawn from the call's salt for one slot (a mulberry32 step): the same salt, the same framing. */
function draw(salt: number, slot: number): number {
  return mulberry32(Math.imul(salt | 0, 0x9e3779b1) + Math.imul(slot, 0x6d2b79f5))();
}

/** How far a call's own framing moves from its variation's: up to this much closer, the subject this far off its place. */
const CALL_ZOOM = 0.14;
const CALL_PLACE = 0.12;

const ratioOf = (ratio: OutputRatio) => {
  const [w, h] = ratio.split(':').map(Number);
  return w! / h!;
};

/** Room kept around the face, in face heights (above: the hair and some air; below: the chin) and widths (each side). */
const HEAD_ROOM = 0.45;
const CHIN_ROOM = 0.2;
const SIDE_ROOM = 0.2;

/**
 * The subject's centre: the largest face (a little below it, towards the body), else a little above the middle (where
 * people and subjects usually are in a photo). With a face, also the box a crop must keep: the head with room above
 * it, the chin with a little below, the cheeks with some at each side (limited to the photo).
 */
async function subjectCentre(image: Buffer, width: number, height: number, vision: LocalPhotoshootInput['vision']) {
  const faces: Box[] = vision ? await vision.faces(image).catch(() => []) : [];
  const face = faces.sort((a, b) => b.width * b.height - a.width * a.height)[0];
  if (!face) return { x: width / 2, y: height * 0.4, keep: null };
  const top = Math.max(0, face.y - face.height * HEAD_ROOM);
  const left = Math.max(0, face.x - face.width * SIDE_ROOM);
  const keep = { x: left, y: top, width: Math.min(width, face.x + face.width * (1 + SIDE_ROOM)) - left, height: Math.min(height, face.y + face.height * (1 + CHIN_ROOM)) - top };
  return { x: face.x + face.width / 2, y: Math.min(height, face.y + face.height * 1.2), keep };
}

const NAMED = 'named in your prompt';

function pickEffect(input: LocalPhotoshootInput): { effect: EffectInfo; why: string } {
  const turn = input.index + input.salt;
  const named = chooseEffects(input.prompt);
  if (named.length > 0) return { effect: named[turn % named.length]!, why: NAMED };
  // The chosen options' looks taken in turn (one from each option, then the next of each), so consecutive
  // variations never repeat a look and alternate between the options.
  const lists = input.changeOptions.map((option) => (POOLS[option] ?? []).map((id) => ({ id, option }))).filter((l) => l.length > 0);
  const longest = Math.max(0, ...lists.map((l) => l.length));
  const pool = Array.from({ length: longest }, (_, i) => lists.flatMap((l) => (i < l.length ? [l[i]!] : []))).flat();
  const choice = pool.length > 0 ? pool[turn % pool.length]! : { id: EFFECTS[(turn * 7) % EFFECTS.length]!.id, option: 'variety' };
  return { effect: EFFECTS.find((e) => e.id === choice.id)!, why: choice.option };
}

export async function renderLocalPhotoshoot(input: LocalPhotoshootInput): Promise<{ data: Buffer; text: string }> {
  const reference = input.index % input.images.length;
  const source = await sharp(input.images[reference]!).autoOrient().removeAlpha().png().toBuffer();
  const { width = 1, height = 1 } = await sharp(source).metadata();
  const centre = await subjectCentre(source, width, height, input.vision);
  const frame = FRAMES[input.index % FRAMES.length]!;
  const ratio = ratioOf(input.outputRatio);
  const steps: string[] = [];

  // The widest crop of the output ratio, tightened by the variation's zoom (more for bolder varieties) and the call's
  // own, with the subject at the variation's place moved by the call's own offset (the face kept whole across).
  const fullW = Math.min(width, height * ratio);
  // Never closer than the face with its room allows: a bolder zoom stops where it would cut into the face.
  const keep = centre.keep;
  const minW = keep ? Math.min(fullW, Math.max(keep.width, keep.height * ratio)) : 8;
  const closest = Math.max(0, 1 - minW / fullW);
  const variationZoom = Math.min(closest, frame.zoom * ZOOM[input.variety] + 0.02);
  // The call's own share of zoom; past the closest the face allows it turns back by as much, so calls that reach the
  // face still differ (all stopped at the same crop before: one call in seven of the astronaut at Subtle 1:1 repeated).
  const wanted = variationZoom + CALL_ZOOM * draw(input.salt, 0);
  const zoom = Math.min(0.5, wanted <= closest ? wanted : Math.max(0, 2 * closest - wanted));
  const place = frame.place + CALL_PLACE * (2 * draw(input.salt, 1) - 1);
  const cropW = Math.max(8, Math.round(minW), Math.round(fullW * (1 - zoom)));
  const cropH = Math.max(8, Math.round(cropW / ratio));
  const across = centre.x - cropW * place;
  const x = keep && keep.width <= cropW ? Math.min(keep.x, Math.max(keep.x + keep.width - cropW, across)) : across;
  const left = Math.round(Math.min(width - cropW, Math.max(0, x)));
  // Centred a little above the subject, but never cutting into the head, nor the chin when the crop has room for both.
  const down = centre.y - cropH * 0.45;
  const y = keep ? Math.min(Math.max(down, keep.y + keep.height - cropH), keep.y) : down;
  const top = Math.round(Math.min(height - cropH, Math.max(0, y)));
  const closer = Math.round((1 - cropW / fullW) * 100);
  steps.push(`reframed to ${input.outputRatio}${keep ? ' around the face' : ''}${closer > 0 ? `, ${closer}% closer` : ''}`);

  let image = sharp(source).extract({ left, top, width: cropW, height: cropH });
  if (input.changeOptions.includes('Pose') && input.index % 2 === 1) {
    image = image.flop();
    steps.push('mirrored');
  }
  let framed: Buffer = await image.png().toBuffer();
  if (input.changeOptions.includes('Angle') && input.index > 0) {
    const angle = (input.index % 2 ? -1 : 1) * (3 + input.index);
    framed = await tilt(framed, angle, cropW, cropH);
    steps.push(`tilted ${Math.abs(angle)}°`);
  }
  const outW = ratio >= 1 ? PHOTOSHOOT_SIDE : Math.round(PHOTOSHOOT_SIDE * ratio);
  const outH = ratio >= 1 ? Math.round(PHOTOSHOOT_SIDE / ratio) : PHOTOSHOOT_SIDE;
  const sized = await sharp(framed).resize(outW, outH, { fit: 'fill' }).png().toBuffer();

  const { effect, why } = pickEffect(input);
  const subjectMask = effect.id === 'blur-background' && input.vision ? await input.vision.personMask(sized).catch(() => undefined) : undefined;
  // An effect the prompt names is applied in full; variety sets the strength of the looks the engine picks itself.
  const data = await applyEffects(sized, [effect.id], { strength: why === NAMED ? 1 : STRENGTH[input.variety], subjectMask });
  const from = input.images.length > 1 ? ` of reference photo ${reference + 1}` : '';
  return { data, text: `Variation ${input.index + 1}${from}: ${steps.join(', ')}; applied the ${effect.name} effect (${why}).` };
}

/** Rotates by `angle` degrees and crops back to the same size inside the turned picture (no empty corners). */
async function tilt(image: Buffer, angle: number, width: number, height: number): Promise<Buffer> {
  const a = (Math.abs(angle) * Math.PI) / 180;
  const scale = Math.cos(a) + Math.sin(a) * Math.max(width / height, height / width);
  const turned = await sharp(image).resize(Math.round(width * scale), Math.round(height * scale)).rotate(angle).png().toBuffer();
  const meta = await sharp(turned).metadata();
  const left = Math.round((meta.width! - width) / 2), top = Math.round((meta.height! - height) / 2);
  return sharp(turned).extract({ left, top, width, height }).png().toBuffer();
}
