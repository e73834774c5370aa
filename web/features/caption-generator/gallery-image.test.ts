// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test-support/fetch-stub.ts';
import { CAPTION_GALLERY_MESSAGES } from './api.ts';
import { loadGalleryImage } from './gallery-image.ts';

afterEach(() => vi.unstubAllGlobals());

describe('loading a gallery image as the caption input', () => {
  it('says it could not load the image when the server does not give it', async () => {
    stubFetch(() => jsonResponse({ success: false }, 404));
    await expect(loadGalleryImage('/api/files/serve/x', 'x')).rejects.toThrow(CAPTION_GALLERY_MESSAGES.selectLoad);
  });

  it('says it could not process an image the browser cannot decode', async () => {
    stubFetch(() => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } }));
    vi.stubGlobal('createImageBitmap', vi.fn(async () => Promise.reject(new Error('decode'))));
    await expect(loadGalleryImage('/api/files/serve/x', 'x')).rejects.toThrow(CAPTION_GALLERY_MESSAGES.selectProcess);
  });

  it('says it could not make a canvas when there is none', async () => {
    stubFetch(() => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } }));
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 20, height: 10, close: () => {} })));
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    await expect(loadGalleryImage('/api/files/serve/x', 'x')).rejects.toThrow(CAPTION_GALLERY_MESSAGES.selectCanvas);
    vi.restoreAllMocks();
  });
});
