import { parseBuffer, type IFormat } from 'music-metadata';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/errors.ts';
import { SOCIAL_IMAGE } from '../../../contract/files.ts';

export type MediaCategory = 'image' | 'audio' | 'video';
export interface MediaType {
  mime: string;
  ext: string;
  category: MediaCategory;
}

const startsWith = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);
const ascii = (buf: Buffer, text: string, offset = 0) => buf.subarray(offset, offset + text.length).toString('latin1') === text;

/**
 * Decides a file's type from its first bytes (magic numbers), never from its name or declared type.
 * Answers null for anything the product does not accept (SVG, HTML, executables, …).
 */
export function sniff(buf: Buffer): MediaType | null {
  if (buf.length < 12) return null;
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png', category: 'image' };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg', category: 'image' };
  if (ascii(buf, 'RIFF') && ascii(buf, 'WEBP', 8)) return { mime: 'image/webp', ext: 'webp', category: 'image' };
  if (ascii(buf, 'RIFF') && ascii(buf, 'WAVE', 8)) return { mime: 'audio/wav', ext: 'wav', category: 'audio' };
  if (ascii(buf, 'OggS')) return { mime: 'audio/ogg', ext: 'ogg', category: 'audio' };
  if (ascii(buf, 'ID3') || (buf[0] === 0xff && (buf[1]! & 0xe0) === 0xe0 && (buf[1]! & 0x06) !== 0)) {
    return { mime: 'audio/mpeg', ext: 'mp3', category: 'audio' };
  }
  if (startsWith(buf, [0x1a, 0x45, 0xdf, 0xa3])) return { mime: 'audio/webm', ext: 'webm', category: 'audio' };
  if (ascii(buf, 'ftyp', 4)) {
    const brand = buf.subarray(8, 12).toString('latin1');
    if (brand.startsWith('M4A') || brand.startsWith('M4B')) return { mime: 'audio/mp4', ext: 'm4a', category: 'audio' };
    return { mime: 'video/mp4', ext: 'mp4', category: 'video' };
  }
  return null;
}

export const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** The type of a parsed container, or null when it is not one the product accepts. */
function parsedType(format: IFormat): MediaType | null {
  const container = format.container ?? '';
  const video = format.hasVideo === true;
  if (container === 'WAVE') return { mime: 'audio/wav', ext: 'wav', category: 'audio' };
  if (container === 'MPEG' && /Layer (1|2|3)$/.test(format.codec ?? '')) return { mime: 'audio/mpeg', ext: 'mp3', category: 'audio' };
  if (container === 'Ogg') return video ? null : { mime: 'audio/ogg', ext: 'ogg', category: 'audio' };
  if (container === 'EBML/webm') return video ? { mime: 'video/webm', ext: 'webm', category: 'video' } : { mime: 'audio/webm', ext: 'webm', category: 'audio' };
  // MP4 family: the container names the brands (isom/iso2/avc1/mp41, M4A/isom/…); the tracks decide audio or video.
  if (/^(isom|iso\d|mp4\d|M4A|M4B|avc1|dash|mmp4)\b/.test(container)) {
    return video ? { mime: 'video/mp4', ext: 'mp4', category: 'video' } : { mime: 'audio/mp4', ext: 'm4a', category: 'audio' };
  }
  return null;
}

const unreadableMedia = () =>
  unsupportedMediaType('The audio or video file could not be read: it needs a real sound or picture track with a duration.');
const unreadableImage = () => badRequest('The image could not be read. It may be damaged.');

/**
 * Decides a file's type by content. Images are told by their magic numbers (processImage then decodes them);
 * audio and video must also parse as their container (music-metadata, reading the buffer in place, headers
 * only) with a duration above zero and an audio or video track, so a known first few bytes in front of HTML
 * or anything else is refused (415). The type returned is the one the parser found. Null: not a type we take.
 */
export async function detectMedia(buf: Buffer): Promise<MediaType | null> {
  return (await probeMedia(buf))?.type ?? null;
}

/**
 * detectMedia with the duration the container states (audio and video; 0 for images): what a transcription is
 * priced by before anything is held. Unreadable audio or video throws 415.
 */
export async function probeMedia(buf: Buffer): Promise<{ type: MediaType; durationSeconds: number } | null> {
  const sniffed = sniff(buf);
  if (!sniffed) return null;
  if (sniffed.category === 'image') return { type: sniffed, durationSeconds: 0 };
  let format: IFormat;
  try {
    ({ format } = await parseBuffer(buf, { size: buf.length }, { skipCovers: true, skipPostHeaders: true }));
  } catch {
    throw unreadableMedia();
  }
  const type = parsedType(format);
  const duration = format.duration ?? 0;
  if (!type || !Number.isFinite(duration) || duration <= 0 || !(format.hasAudio || format.hasVideo)) throw unreadableMedia();
  return { type, durationSeconds: duration };
}

export interface ProcessedImage {
  buffer: Buffer;
  mime: string;
  ext: string;
  width: number;
  height: number;
  /** WebP thumbnail about 512 px, made from the same decode; null when none was asked for. */
  thumbnail: Buffer | null;
}

export interface ProcessOptions {
  /**
   * False for an image this process has just encoded with libvips from pixels (a local render, a provider's answer
   * resized): it holds only pixels already, so it is kept as it is (type, header and pixel limit still checked)
   * instead of being decoded and encoded again. Default true: anything that came from outside is re-encoded.
   */
  reencode?: boolean;
  /** Default true. An AI input image needs none: it is never shown as a file. */
  thumbnail?: boolean;
}

/**
 * Re-encodes an image through libvips so only pixels survive (no scripts, no trailing payloads, no EXIF),
 * refusing decompression bombs from the header before any pixel is decoded.
 */
export async function processImage(input: Buffer, maxPixels: number, options: ProcessOptions = {}): Promise<ProcessedImage> {
  const { reencode = true, thumbnail: withThumbnail = true } = options;
  const type = sniff(input);
  if (!type || !IMAGE_TYPES.has(type.mime)) {
    throw unsupportedMediaType('Only PNG, JPG and WEBP images are accepted.');
  }
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadableImage();
  }
  if (!meta.width || !meta.height) throw unreadableImage();
  if (meta.width * meta.height > maxPixels) {
    throw payloadTooLarge(`The image is too large (${meta.width}x${meta.height}). The limit is ${Math.round(maxPixels / 1_000_000)} megapixels.`);
  }
  try {
    // A pipeline per output over the same input buffer: sharp's clone() would structuredClone its options, the
    // input's bytes included: a copy of the whole image on the main thread each time (214 ms of a 50-item batch).
    const pipeline = () => sharp(input, { limitInputPixels: maxPixels }).rotate();
    const thumbnail = withThumbnail ? thumbnailOf(pipeline()) : Promise.resolve(null);
    if (!reencode) {
      return { buffer: input, mime: type.mime, ext: type.ext, width: meta.autoOrient.width, height: meta.autoOrient.height, thumbnail: await thumbnail };
    }
    const encoded = pipeline();
    const [{ data, info }, thumb] = await Promise.all([
      (type.mime === 'image/png'
        ? encoded.png({ compressionLevel: 6 })
        : type.mime === 'image/webp'
          ? encoded.webp({ quality: 92 })
          : encoded.jpeg({ quality: 92 })
      ).toBuffer({ resolveWithObject: true }),
      thumbnail,
    ]);
    return { buffer: data, mime: type.mime, ext: type.ext, width: info.width, height: info.height, thumbnail: thumb };
  } catch {
    throw unreadableImage();
  }
}

const thumbnailOf = (image: Sharp) =>
  image.resize(512, 512, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();

/** A WebP thumbnail about 512 px on its longest side (never enlarged). */
export async function makeThumbnail(image: Buffer): Promise<Buffer> {
  return thumbnailOf(sharp(image));
}

/** The 1200x630 social preview image. */
export async function makeSocialImage(image: Buffer): Promise<Buffer> {
  return sharp(image).resize(SOCIAL_IMAGE.width, SOCIAL_IMAGE.height, { fit: 'cover', position: 'attention' }).jpeg({ quality: 85 }).toBuffer();
}

/** A file name with no path and only safe characters, for metadata and downloads. */
export function safeFilename(name: string | undefined | null): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop()!.normalize('NFKC');
  const cleaned = base.replace(/[^\p{L}\p{N} ._()-]/gu, '_').replace(/^\.+/, '').trim().slice(0, 120);
  return cleaned || null;
}
