import fs from 'node:fs';
import sharp from 'sharp';

/** A real PNG of the given size with a colour gradient, for upload and processing tests. */
export async function makePng(width = 64, height = 48): Promise<Buffer> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels } }).png().toBuffer();
}

export async function makeJpeg(width = 64, height = 48): Promise<Buffer> {
  return sharp(await makePng(width, height)).jpeg({ quality: 90 }).toBuffer();
}

/**
 * A tiny PNG whose header declares `width` x `height` pixels (a decompression bomb): the IHDR chunk is
 * rewritten with a correct CRC, the image data stays tiny.
 */
export async function makePngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makePng(8, 8));
  // IHDR data starts at byte 16: width (4), height (4); CRC covers type + data (bytes 12..29).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A multipart/form-data body with the given parts (files and fields), as a browser would send it. */
export function multipartBody(
  parts: Array<{ name: string; filename?: string; contentType?: string; data: Buffer | string }>,
): { body: Buffer; contentType: string } {
  const boundary = `----ampkit${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const headers = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(headers), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const fixturesDir = new URL('./fixtures/', import.meta.url);

/**
 * Tiny real media files made once with ffmpeg (about a second of a 440 Hz tone; CI has no ffmpeg):
 * tone.wav (PCM), tone.mp3, tone.m4a (AAC), tone.ogg (Vorbis), tone.webm (Opus), clip.mp4 (H.264 + AAC).
 */
export const MEDIA_FIXTURES = ['tone.wav', 'tone.mp3', 'tone.m4a', 'tone.ogg', 'tone.webm', 'clip.mp4'] as const;
export function readFixture(name: (typeof MEDIA_FIXTURES)[number]): Buffer {
  return fs.readFileSync(new URL(name, fixturesDir));
}

/** A real PCM WAV of a 440 Hz tone (16-bit mono), built here rather than read from a file. */
export function makeWav(seconds = 0.5, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 12000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>\n'.repeat(8));

/** Files that only look like audio or video by their first bytes: HTML (or nothing) behind a container's magic. */
export const FAKE_MEDIA: Array<[label: string, data: Buffer]> = [
  ['ftypisom + HTML', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12), html])],
  ['ftypM4A + HTML', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypM4A '), Buffer.alloc(12), html])],
  ['ID3 + HTML', Buffer.concat([Buffer.from('ID3'), html])],
  ['an empty ID3 tag + HTML', Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]), html])],
  ['an MP3 frame sync + HTML', Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), html])],
  ['RIFF....WAVE + zeros', Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt '), Buffer.alloc(100)])],
  ['a WAV header + HTML', Buffer.concat([makeWav(0.5).subarray(0, 36), html])],
  ['OggS + HTML', Buffer.concat([Buffer.from('OggS'), html])],
  ['EBML + HTML', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), html])],
];
