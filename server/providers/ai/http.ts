import sharp from 'sharp';
import { ProviderError, type ImageData } from './types.ts';

/**
 * What the four provider adapters share around their SDKs (each SDK speaks HTTP for them, on transport.ts's fetch):
 * reading a Retry-After, describing a network failure and a timeout, recognising an image's type and converting one a
 * model does not take, waiting.
 */

/** The provider answered, but not with what its API promises: a server-side fault, safe to retry. */
export function malformed(provider: string, what: string, status?: number): ProviderError {
  return new ProviderError(provider, `${provider} sent ${what}`, status, 'server');
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), rounded up; undefined without one. */
export function retryAfterSeconds(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed));
  const date = Date.parse(trimmed);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - now) / 1000)) : undefined;
}

/** fetch's TypeError('fetch failed') hides the reason in `cause` (ECONNREFUSED, UND_ERR_SOCKET, …): the chain, joined. */
export function networkDetail(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { message?: string; code?: string };
    const piece = [e.code, e.message].filter(Boolean).join(' ');
    if (piece && !parts.some((p) => p.includes(piece))) parts.push(piece);
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join(': ') || 'fetch failed';
}

/** 1500 → '1.5 s', 800 → '800 ms'. */
export function formatMs(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

/** The image type from its first bytes (PNG, JPEG, WebP, GIF), or the fallback. */
export function detectImageMime(data: Buffer, fallback = 'image/png'): string {
  if (data.length >= 8 && data.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 12 && data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  if (data.length >= 6 && data.toString('ascii', 0, 4) === 'GIF8') return 'image/gif';
  return fallback;
}

/** The image as it is when its bytes are a type the model takes, else converted to PNG (a GIF: its first frame). */
export async function inAcceptedType(image: ImageData, accepted: readonly string[]): Promise<ImageData> {
  const mime = detectImageMime(image.data, image.mime);
  if (accepted.includes(mime)) return { data: image.data, mime };
  return { data: await sharp(image.data, { pages: 1 }).png().toBuffer(), mime: 'image/png' };
}

/** Resolves after `ms`, or rejects at once when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
