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
