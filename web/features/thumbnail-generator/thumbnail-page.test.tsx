// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_PREVIEW_NOTE } from '../../../contract/ai.ts';
import { MemoryRouter } from 'react-router';
import {
  REALISM,
  REALISM_LABELS,
  THUMBNAIL_HISTORY_KEY,
  THUMBNAIL_MAX_UPLOAD_BYTES,
  THUMBNAIL_MESSAGES,
  THUMBNAIL_STYLES,
  THUMBNAIL_VARIABILITY,
  thumbnailRequest,
} from '../../../contract/thumbnail.ts';
import { GENERATION_MESSAGES } from '../../../contract/generations.ts';
import { generationTiming } from '../../lib/generations.ts';
import { fail, jsonResponse, ok, routes, stubFetch, type RecordedCall } from '../../test-support/fetch-stub.ts';
import { renderTool } from '../../test-support/render.tsx';
import { FRAME_SOURCE_SIDE, wholePhoto } from './frame-crop.ts';
import { loadHistory } from './history.ts';
import { ThumbnailPage } from './thumbnail-page.tsx';
import { TOO_LARGE } from './use-thumbnail.ts';

const prediction = ok({ can_afford: true, required_credits: '0.0000', available_credits: '5.0000', deficit: '0.0000' });
const answer = (n = 1) => ({
  image: `/api/files/serve/00000000-0000-4000-8000-00000000000${n}`,
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  text: `${LOCAL_PREVIEW_NOTE}. Framed the thumbnail around your face…`,
  provider: 'Local engine',
  preview: true,
  credits_used: '0.0000',
  generation_id: `00000000-0000-4000-8000-0000000000a${n}`,
  processing_time_ms: 900,
});

/** The browser's decoding and canvas at the global boundary (happy-dom has neither): a 1000x1000 photo. */
function stubCanvas(mode: 'ok' | 'no-context' | 'no-blob' | 'no-decode' = 'ok') {
  const drawn: unknown[][] = [];
  if (mode === 'no-decode') {
    vi.stubGlobal('createImageBitmap', async () => {
      throw new Error('decode');
    });
  } else {
    vi.stubGlobal('createImageBitmap', async () => ({ width: 1000, height: 1000, close() {} }));
  }
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() =>
    mode === 'no-context' ? null : { drawImage: (...args: unknown[]) => drawn.push(args), fillRect() {}, fillStyle: '', imageSmoothingQuality: 'low' }) as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback: BlobCallback) =>
    callback(mode === 'no-blob' ? null : new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' })),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/jpeg;base64,/9j/small');
  return drawn;
}

const photo = (size = 4) => new File([new Uint8Array(size)], 'frame.jpg', { type: 'image/jpeg' });
async function upload(file = photo()) {
  fireEvent.change(screen.getByLabelText('Upload image'), { target: { files: [file] } });
}
/** A style's radio: its name, then the few words of its look. */
const styleRadio = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const generateButton = () => screen.findByRole('button', { name: /Generate Thumbnail/ });
const posted = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.url.includes('/api/ai/generate-image'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('wholePhoto', () => {
  it('keeps the whole photo (the engine frames it around the face), at most FRAME_SOURCE_SIDE on its longest side', () => {
    expect(wholePhoto(1000, 1000)).toEqual({ region: { x: 0, y: 0, width: 1000, height: 1000 }, width: 1000, height: 1000 });
    // A phone portrait: nothing cut off at the top or bottom, and still wider than the 1280 px thumbnail.
    expect(wholePhoto(3024, 5376)).toEqual({ region: { x: 0, y: 0, width: 3024, height: 5376 }, width: 1440, height: FRAME_SOURCE_SIDE });
    expect(wholePhoto(6000, 1000)).toEqual({ region: { x: 0, y: 0, width: 6000, height: 1000 }, width: FRAME_SOURCE_SIDE, height: 427 });
  });
});

describe('Thumbnail generator page', () => {
  it('shows the inputs with their defaults, the free cost and the engine note, and asks for an image first', async () => {
    const calls = stubFetch(routes({ 'GET /api/credits/predict-cost': () => prediction }));
    renderTool(<ThumbnailPage />);
    const styles = screen.getAllByRole('radio');
    expect(styles.map((r) => r.getAttribute('value'))).toEqual(THUMBNAIL_STYLES.map((s) => s.id));
    expect(styleRadio(THUMBNAIL_STYLES[0].name).checked).toBe(true);
    // Each style shows its name and a short look.
    expect(styleRadio('Gaming Neon').closest('label')!.textContent).toBe('Gaming NeonNeon glow on dark');
    const slider = screen.getByRole('slider', { name: 'Realism' }) as HTMLInputElement;
    expect([slider.min, slider.max, slider.value]).toEqual(['1', '5', '4']);
    expect(slider.getAttribute('aria-valuetext')).toBe(REALISM_LABELS[3]);
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText('Thumbnail text')).toBeTruthy();
    expect(screen.getByText(THUMBNAIL_MESSAGES.hint)).toBeTruthy();
    const button = await waitFor(async () => {
      const b = await generateButton();
      expect(b.textContent).toContain('Free');
      return b;
    });
    expect((await screen.findByTestId('engine-note')).textContent).toContain(LOCAL_PREVIEW_NOTE);
    expect(calls.some((c) => c.url.includes('service_type=thumbnail') && c.url.includes('variant=local'))).toBe(true);

    fireEvent.click(button);
    expect(screen.getByText(THUMBNAIL_MESSAGES.missing)).toBeTruthy();
    expect(posted(calls)).toHaveLength(0);
    // The text area goes with the toggle.
    fireEvent.click(screen.getByRole('switch'));
    expect(screen.queryByLabelText('Thumbnail text')).toBeNull();
  });

  it('sends the whole photo as a JPEG with the choices, shows the preview and keeps it in the history by URL', async () => {
    const drawn = stubCanvas();
    const calls = stubFetch(routes({ 'GET /api/credits/predict-cost': () => prediction, 'POST /api/ai/generate-image': () => ok(answer(1)) }));
    renderTool(<ThumbnailPage />);
    await upload();
    await screen.findByAltText('Your photo');
    // 1000x1000: all of it (a centred 16:9 band cut through a portrait's eyes); the engine frames it around the face.
    expect(drawn[0]!.slice(1)).toEqual([0, 0, 1000, 1000, 0, 0, 1000, 1000]);
    fireEvent.click(styleRadio('Gaming Neon'));
    fireEvent.change(screen.getByLabelText(/Edit prompt/), { target: { value: ' neon glow ' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Realism' }), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Thumbnail text'), { target: { value: ' Insane clutch ' } });
    fireEvent.click(await generateButton());

    const img = (await screen.findByAltText('Generated thumbnail')) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(answer(1).image);
    expect(screen.getByTestId('preview-note').textContent).toContain(LOCAL_PREVIEW_NOTE);
    expect(screen.getByRole('link', { name: /Download/ }).getAttribute('href')).toBe(`/api/files/download/${answer(1).uuid}`);
    const [call] = posted(calls);
    expect(call!.body).toEqual({
      toolName: 'thumbnail-generator',
      imageData: 'iVBORw==',
      mimeType: 'image/jpeg',
      prompt: 'neon glow',
      variability: 5,
      style: 'gaming-neon',
      realism: 2,
      addText: true,
      thumbnailText: 'Insane clutch',
    });
    expect(call!.headers['idempotency-key']).toEqual(expect.any(String));

    const [entry] = loadHistory();
    expect(entry).toMatchObject({
      id: answer(1).generation_id,
      inputImage: 'data:image/jpeg;base64,/9j/small',
      prompt: 'neon glow',
      generatedContent: answer(1).image,
      selectedStyle: 'gaming-neon',
      addText: true,
      thumbnailText: 'Insane clutch',
      realismLevel: 2,
      timestamp: expect.any(Number),
      preview: true,
      text: answer(1).text,
    });
    // The stored history holds URLs and a small preview, never the photo sent.
    expect(localStorage.getItem(THUMBNAIL_HISTORY_KEY)!).not.toContain('iVBOR');
    expect(within(screen.getByRole('list', { name: 'Thumbnail history' })).getAllByRole('button')).toHaveLength(1);
  });

  it('after a reload lists the history; select restores the options and shows that result; clear asks first', async () => {
    stubCanvas();
    stubFetch(routes({ 'GET /api/credits/predict-cost': () => prediction }));
    localStorage.setItem(
      THUMBNAIL_HISTORY_KEY,
      JSON.stringify([
        { id: 'g2', inputImage: 'data:image/jpeg;base64,/9j/frame2', prompt: 'golden hour', generatedContent: '/api/files/serve/file-2', timestamp: 2, selectedStyle: 'travel-adventure', addText: false, thumbnailText: 'Alps', realismLevel: 5, preview: true, text: `${LOCAL_PREVIEW_NOTE}. Applied the Golden hour effect.` },
        { id: 'g1', inputImage: '', prompt: '', generatedContent: '/api/files/serve/file-1', timestamp: 1, selectedStyle: 'reaction', addText: true, thumbnailText: 'No way', realismLevel: 1 },
      ]),
    );
    renderTool(<ThumbnailPage />);
    const list = screen.getByRole('list', { name: 'Thumbnail history' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(2);
    // A result the server no longer has: the small copy of the frame stands in, and with none the picture hides.
    const [img2, img1] = list.querySelectorAll('img');
    fireEvent.error(img2!);
    expect(img2!.getAttribute('src')).toBe('data:image/jpeg;base64,/9j/frame2');
    expect(img2!.style.visibility).toBe('');
    fireEvent.error(img1!);
    expect(img1!.style.visibility).toBe('hidden');
    fireEvent.click(items[1]!);
    expect(styleRadio('Reaction').checked).toBe(true);
    expect((screen.getByRole('slider', { name: 'Realism' }) as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('Thumbnail text') as HTMLTextAreaElement).value).toBe('No way');
    expect((await screen.findByAltText('Generated thumbnail')).getAttribute('src')).toBe('/api/files/serve/file-1');
    expect(screen.getByRole('link', { name: /Download/ }).getAttribute('href')).toBe('/api/files/download/file-1');
    // An entry from before the preview was kept says nothing it does not know.
    expect(screen.queryByTestId('preview-note')).toBeNull();

    fireEvent.click(items[0]!);
    expect(styleRadio('Travel Adventure').checked).toBe(true);
    expect((screen.getByLabelText(/Edit prompt/) as HTMLTextAreaElement).value).toBe('golden hour');
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(false);
    // A local result picked again still says it is a preview, and what was done, in small print.
    await waitFor(() => expect(screen.getByAltText('Generated thumbnail').getAttribute('src')).toBe('/api/files/serve/file-2'));
    expect(screen.getByTestId('preview-note').textContent).toContain(LOCAL_PREVIEW_NOTE);
    expect(screen.getByText('Applied the Golden hour effect.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('list', { name: 'Thumbnail history' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear history' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Thumbnail history' })).toBeNull());
    expect(localStorage.getItem(THUMBNAIL_HISTORY_KEY)).toBeNull();
  });

  it('sends the defaults: Viral Bold, realism 4, text on, variability 5, no prompt', async () => {
    stubCanvas();
    const calls = stubFetch(routes({ 'GET /api/credits/predict-cost': () => prediction, 'POST /api/ai/generate-image': () => ok(answer(2)) }));
    renderTool(<ThumbnailPage />);
    await upload();
    await screen.findByAltText('Your photo');
    fireEvent.change(screen.getByLabelText('Thumbnail text'), { target: { value: 'Day one' } });
    fireEvent.click(await generateButton());
    await screen.findByAltText('Generated thumbnail');
    expect(posted(calls)[0]!.body).toEqual({
      toolName: 'thumbnail-generator',
      imageData: 'iVBORw==',
      mimeType: 'image/jpeg',
      variability: 5,
      style: 'viral-bold',
      realism: 4,
      addText: true,
      thumbnailText: 'Day one',
    });
  });

  it('still shows the result when the browser storage is full, keeping what fits in the history', async () => {
    stubCanvas();
    stubFetch(routes({ 'GET /api/credits/predict-cost': () => prediction, 'POST /api/ai/generate-image': () => ok(answer(3)) }));
    const older = Array.from({ length: 3 }, (_, i) => ({
      id: `old-${i}`, inputImage: 'data:image/jpeg;base64,' + 'A'.repeat(50), prompt: '', generatedContent: `/api/files/serve/old-${i}`,
      timestamp: i, selectedStyle: 'reaction', addText: true, thumbnailText: `Old ${i}`, realismLevel: 4,
    }));
    // A quota that holds the new entry and one old one, no more: the real QuotaExceededError a browser throws.
    const stored = new Map([[THUMBNAIL_HISTORY_KEY, JSON.stringify(older)]]);
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => {
        if ((JSON.parse(value) as unknown[]).length > 2) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        stored.set(key, value);
      },
      removeItem: (key: string) => void stored.delete(key),
    });
    renderTool(<ThumbnailPage />);
    await upload();
    await screen.findByAltText('Your photo');
    fireEvent.click(await generateButton());
    expect((await screen.findByAltText('Generated thumbnail')).getAttribute('src')).toBe(answer(3).image);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(loadHistory().map((e) => e.id)).toEqual([answer(3).generation_id, 'old-0']);
    expect(within(screen.getByRole('list', { name: 'Thumbnail history' })).getAllByRole('button')).toHaveLength(2);
  });

  it("reads a failure as 'Generation failed: {message}'", async () => {
    stubCanvas();
    stubFetch(routes({ 'GET /api/credits/predict-cost': () => prediction, 'POST /api/ai/generate-image': () => fail(400, 'VALIDATION_ERROR', 'The image could not be read.') }));
    renderTool(<ThumbnailPage />);
    await upload();
    await screen.findByAltText('Your photo');
    fireEvent.click(await generateButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Generation failed: The image could not be read.');
    expect(loadHistory()).toEqual([]);
  });

  it.each([
    ['no-context', THUMBNAIL_MESSAGES.noContext],
    ['no-blob', THUMBNAIL_MESSAGES.noBlob],
    ['no-decode', THUMBNAIL_MESSAGES.loadFailed],
  ] as const)('says %s with the spec message', async (mode, message) => {
    stubCanvas(mode);
    stubFetch(routes({ 'GET /api/credits/predict-cost': () => prediction }));
    renderTool(<ThumbnailPage />);
    await upload();
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('refuses other file types and images over 10 MB', async () => {
    stubCanvas();
    stubFetch(routes({ 'GET /api/credits/predict-cost': () => prediction }));
    renderTool(<ThumbnailPage />);
    await upload(new File([new Uint8Array(3)], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Only PNG, JPG and WEBP images are supported.')).toBeTruthy();
    const big = photo();
    Object.defineProperty(big, 'size', { value: THUMBNAIL_MAX_UPLOAD_BYTES + 1 });
    await upload(big);
    expect(await screen.findByText(TOO_LARGE)).toBeTruthy();
  });

  it('Cancel of a generation that outlasts the call stops it: the box says it was cancelled, nothing charged, no history entry', async () => {
    const saved = { ...generationTiming };
    Object.assign(generationTiming, { pollMs: 5 });
    stubCanvas();
    const id = answer().generation_id;
    let cancelled = false;
    const status = () =>
      ok({ generation_id: id, tool: 'thumbnail-generator', title: 'Thumbnail Generator', status: cancelled ? 'cancelled' : 'queued', progress: null, provider: 'Local engine', credits: '0', created_at: new Date().toISOString(), completed_at: null, result: null, error: null });
    const calls = stubFetch(
      routes({
        'GET /api/credits/predict-cost': () => prediction,
        'POST /api/ai/generate-image': () => jsonResponse({ success: true, data: { generation_id: id, status: 'queued', status_url: `/api/generations/${id}` } }, 202),
        [`GET /api/generations/${id}`]: status,
        [`POST /api/generations/${id}/cancel`]: () => {
          cancelled = true;
          return status();
        },
      }),
    );
    try {
      renderTool(<ThumbnailPage />);
      await upload();
      await screen.findByAltText('Your photo');
      fireEvent.click(await generateButton());
      expect(await screen.findByText('Waiting in the queue…')).toBeTruthy();
      expect(screen.queryByRole('progressbar')?.getAttribute('aria-valuenow')).toBeFalsy();
      fireEvent.click(screen.getByRole('button', { name: 'Cancel generation' }));
      const box = await screen.findByRole('alert');
      expect(box.textContent).toBe(GENERATION_MESSAGES.cancelled);
      expect(calls.filter((c) => c.url === `/api/generations/${id}/cancel`)).toHaveLength(1);
      expect(loadHistory()).toEqual([]);
    } finally {
      Object.assign(generationTiming, saved);
    }
  });
});

describe('Thumbnail generator batch', () => {
  it('hands the page’s options to the Batch panel: the batch runs with the style, prompt, realism and text set here', async () => {
    stubCanvas();
    const calls = stubFetch(
      routes({
        // A fresh answer (a Response's body is read once; the shared one above may be spent).
        'GET /api/credits/predict-cost': () => ok({ can_afford: true, required_credits: '0.0000', available_credits: '5.0000', deficit: '0.0000' }),
        'POST /api/batches': () => fail(400, 'VALIDATION_ERROR', 'None of the images can be used; nothing was charged.'),
      }),
    );
    renderTool(
      <MemoryRouter>
        <ThumbnailPage />
      </MemoryRouter>,
    );
    fireEvent.click(styleRadio('Gaming Neon'));
    fireEvent.change(screen.getByLabelText(/Edit prompt/), { target: { value: ' neon rim light ' } });
    fireEvent.change(screen.getByLabelText('Thumbnail text'), { target: { value: 'Day 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Batch' }));
    const panel = await screen.findByRole('dialog', { name: 'Thumbnail Generator batch' });
    fireEvent.change(within(panel).getByLabelText('Add images to the batch'), { target: { files: [photo()] } });
    fireEvent.click(await within(panel).findByRole('button', { name: /^Start batch \(1 image · Free\)/ }));
    await within(panel).findByRole('alert');
    const [call] = calls.filter((c) => c.method === 'POST' && c.url === '/api/batches');
    const body = call!.body as { tool: string; options: Record<string, unknown> };
    expect(body.tool).toBe('thumbnail-generator');
    expect(body.options).toEqual({ prompt: 'neon rim light', variability: THUMBNAIL_VARIABILITY, style: 'gaming-neon', realism: REALISM.default, addText: true, thumbnailText: 'Day 1' });
    // The options are exactly a single call's fields but the image.
    expect(thumbnailRequest.safeParse({ toolName: 'thumbnail-generator', imageData: 'A'.repeat(64), mimeType: 'image/jpeg', ...body.options }).success).toBe(true);
  });
});
