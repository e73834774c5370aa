// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_PREVIEW_NOTE } from '../../../contract/ai.ts';
import { HEADSHOT_CUSTOM_MAX, HEADSHOT_MESSAGES, HEADSHOT_STYLES } from '../../../contract/headshot.ts';
import type { GenerationStatus } from '../../../contract/generations.ts';
import { generationTiming } from '../../lib/generations.ts';
import { fail, jsonResponse, ok, routes, stubFetch, type RecordedCall } from '../../test-support/fetch-stub.ts';
import { renderTool } from '../../test-support/render.tsx';
import { HeadshotPage } from './headshot-page.tsx';
import { centreSquare } from './square-crop.ts';

const prediction = ok({ can_afford: true, required_credits: '0.0000', available_credits: '5.0000', deficit: '0.0000' });
const answer = {
  image: '/api/files/serve/00000000-0000-4000-8000-000000000001',
  uuid: '00000000-0000-4000-8000-000000000001',
  text: `${LOCAL_PREVIEW_NOTE}. Framed your head and shoulders…`,
  provider: 'Local engine',
  preview: true,
  credits_used: '0.0000',
  generation_id: '00000000-0000-4000-8000-0000000000aa',
  processing_time_ms: 1200,
};

/** The browser's image decoding and canvas, at the global boundary (happy-dom has neither): an 800x600 photo. */
function stubCanvas(context: 'ok' | 'none' = 'ok') {
  const drawn: unknown[][] = [];
  vi.stubGlobal('createImageBitmap', async () => ({ width: 800, height: 600, close() {} }));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() =>
    context === 'none' ? null : { fillRect() {}, drawImage: (...args: unknown[]) => drawn.push(args), fillStyle: '', imageSmoothingQuality: 'low' }) as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/jpeg;base64,/9j/AAAA');
  return drawn;
}

const photoFile = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', { type: 'image/jpeg' });

async function upload() {
  fireEvent.change(screen.getByLabelText('Upload photo'), { target: { files: [photoFile()] } });
  await screen.findByAltText('Your photo, cropped square');
}

const generateButton = () => screen.findByRole('button', { name: /Generate Headshot/ });
const posted = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.url.includes('/api/ai/generate-image'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('centreSquare', () => {
  it('takes the centred square of the shorter side', () => {
    expect(centreSquare(800, 600)).toEqual({ x: 100, y: 0, side: 600 });
    expect(centreSquare(600, 801)).toEqual({ x: 0, y: 100, side: 600 });
    expect(centreSquare(512, 512)).toEqual({ x: 0, y: 0, side: 512 });
  });
});

describe('Headshot generator page', () => {
  it('shows the three steps, the nine styles, the four backgrounds, the free preview cost and the engine note; asks for a photo first', async () => {
    const calls = stubFetch(routes({ 'GET /api/credits/predict-cost': () => prediction }));
    renderTool(<HeadshotPage />);
    expect(screen.getByRole('heading', { name: /Upload your photo/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Choose a style/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Choose a background/ })).toBeTruthy();
    expect(screen.getAllByRole('radio', { name: /./ }).map((r) => r.getAttribute('value'))).toEqual([...HEADSHOT_STYLES, 'photo-studio', 'office', 'outdoors', 'custom']);
    expect((screen.getByRole('radio', { name: 'Professional' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Photo Studio' }) as HTMLInputElement).checked).toBe(true);
    const button = await waitFor(async () => {
      const b = await generateButton();
      expect(b.textContent).toContain('Free');
      return b;
    });
    const note = (await screen.findByTestId('engine-note')).textContent!;
    expect(note).toContain(LOCAL_PREVIEW_NOTE);
    expect(note).toContain('1-3 s');
    expect(note).not.toContain('30-60');
    // The quote asks for the engine's variant.
    expect(calls.some((c) => c.url.includes('service_type=headshot') && c.url.includes('variant=local'))).toBe(true);
    fireEvent.click(button);
    expect(screen.getByText(HEADSHOT_MESSAGES.missing)).toBeTruthy();
    expect(posted(calls)).toHaveLength(0);
  });

  it('quotes the provider estimate only when a provider runs', async () => {
    stubFetch(
      routes({
        'GET /api/credits/predict-cost': () => ok({ can_afford: true, required_credits: '0.7500', available_credits: '5.0000', deficit: '0.0000' }),
        'GET /api/ai/engines': () =>
          ok({ tools: { 'ai-headshot': { engine: 'gemini', label: 'Gemini', preview: false, service_type: 'headshot', variant: 'standard', estimate: '30-60 s' } } }),
      }),
    );
    renderTool(<HeadshotPage />);
    await waitFor(async () => expect((await generateButton()).textContent).toContain('0.75 credits'));
    expect((await screen.findByTestId('engine-note')).textContent).toMatch(/Gemini.*30-60 s/);
  });

  it('shows the custom text field only for Custom, limited to the contract length', async () => {
    stubFetch(routes({ 'GET /api/credits/predict-cost': () => prediction }));
    renderTool(<HeadshotPage />);
    expect(screen.queryByLabelText('Describe your background')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    const field = screen.getByLabelText('Describe your background') as HTMLInputElement;
    expect(field.maxLength).toBe(HEADSHOT_CUSTOM_MAX);
    fireEvent.change(field, { target: { value: 'navy' } });
    expect(screen.getByText(new RegExp(`4/${HEADSHOT_CUSTOM_MAX}`))).toBeTruthy();
  });

  it('crops the photo to its centred square, sends the choices and shows the preview with its note and download', async () => {
    const drawn = stubCanvas();
    const calls = stubFetch(routes({ 'GET /api/credits/predict-cost': () => prediction, 'POST /api/ai/generate-image': () => ok(answer) }));
    renderTool(<HeadshotPage />);
    await upload();
    // 800x600: the centred 600 px square.
    expect(drawn[0]!.slice(1)).toEqual([100, 0, 600, 600, 0, 0, 600, 600]);
    fireEvent.click(screen.getByRole('radio', { name: 'Gothic' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('Describe your background'), { target: { value: '  deep teal  ' } });
    fireEvent.click(await generateButton());
    const img = (await screen.findByAltText('Generated headshot')) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(answer.image);
    expect(screen.getByTestId('preview-note').textContent).toContain(LOCAL_PREVIEW_NOTE);
    expect(screen.getByText('Free preview')).toBeTruthy();
    // The note is said once, above the text, not again at the text's start.
    expect(screen.getByText('Framed your head and shoulders…')).toBeTruthy();
    expect(screen.getAllByText(new RegExp(LOCAL_PREVIEW_NOTE))).toHaveLength(2); // the engine note and the preview note
    expect(screen.getByRole('link', { name: /Download/ }).getAttribute('href')).toBe(`/api/files/download/${answer.uuid}`);
    const [call] = posted(calls);
    expect(call!.body).toEqual({ toolName: 'ai-headshot', imageData: '/9j/AAAA', mimeType: 'image/jpeg', style: 'Gothic', background: 'custom', customBackground: 'deep teal' });
    expect(call!.headers['idempotency-key']).toEqual(expect.any(String));
  });

  it("shows the server's face message as it is", async () => {
    stubCanvas();
    stubFetch(routes({ 'GET /api/credits/predict-cost': () => prediction, 'POST /api/ai/generate-image': () => fail(400, 'VALIDATION_ERROR', HEADSHOT_MESSAGES.noFace) }));
    renderTool(<HeadshotPage />);
    await upload();
    fireEvent.click(await generateButton());
    const alert = (await screen.findByRole('alert')).textContent!;
    expect(alert).toContain(HEADSHOT_MESSAGES.noFace);
    // The same photo would fail again: no 'try again' tip under a refusal of the photo.
    expect(alert).not.toMatch(/try again/i);
  });

  it('reads a 401 as the spec says', async () => {
    stubCanvas();
    stubFetch(routes({ 'GET /api/credits/predict-cost': () => prediction, 'POST /api/ai/generate-image': () => fail(401, 'UNAUTHORIZED', 'Not signed in') }));
    renderTool(<HeadshotPage />);
    await upload();
    fireEvent.click(await generateButton());
    expect((await screen.findByRole('alert')).textContent).toContain(HEADSHOT_MESSAGES.auth);
  });

  it('says so when the answer has no image, or the image does not display', async () => {
    stubCanvas();
    let image = '';
    stubFetch(routes({ 'GET /api/credits/predict-cost': () => prediction, 'POST /api/ai/generate-image': () => ok({ ...answer, image }) }));
    renderTool(<HeadshotPage />);
    await upload();
    fireEvent.click(await generateButton());
    expect((await screen.findByRole('alert')).textContent).toContain(HEADSHOT_MESSAGES.noImage);
    image = answer.image;
    fireEvent.click(await generateButton());
    fireEvent.error(await screen.findByAltText('Generated headshot'));
    expect((await screen.findByRole('alert')).textContent).toContain(HEADSHOT_MESSAGES.displayFailed);
  });

  it('refuses other file types, and says when the canvas is not available', async () => {
    stubCanvas('none');
    stubFetch(routes({ 'GET /api/credits/predict-cost': () => prediction }));
    renderTool(<HeadshotPage />);
    fireEvent.change(screen.getByLabelText('Upload photo'), { target: { files: [new File([new Uint8Array([71, 73, 70])], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Only PNG, JPG and WEBP images are supported.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Upload photo'), { target: { files: [photoFile()] } });
    expect(await screen.findByText(HEADSHOT_MESSAGES.noContext)).toBeTruthy();
  });

  describe('a generation that outlasts the call (202)', () => {
    const id = answer.generation_id;
    const accepted = () => jsonResponse({ success: true, data: { generation_id: id, status: 'processing', status_url: `/api/generations/${id}` } }, 202);
    const status = (change: Partial<GenerationStatus>) =>
      ok({ generation_id: id, tool: 'ai-headshot', title: 'AI Headshot', status: 'processing', progress: null, provider: 'Local engine', credits: '0', created_at: new Date().toISOString(), completed_at: null, result: null, error: null, ...change });
    const saved = { ...generationTiming };
    beforeEach(() => Object.assign(generationTiming, { pollMs: 5 }));
    afterEach(() => Object.assign(generationTiming, saved));

    it('shows the progress and Cancel beside the loading state, then the result', async () => {
      stubCanvas();
      let done = false;
      stubFetch(
        routes({
          'GET /api/credits/predict-cost': () => prediction,
          'POST /api/ai/generate-image': accepted,
          [`GET /api/generations/${id}`]: () => status(done ? { status: 'completed', progress: 100, result: answer } : { progress: 60 }),
        }),
      );
      renderTool(<HeadshotPage />);
      await upload();
      fireEvent.click(await generateButton());
      expect(await screen.findByText('Creating your headshot…')).toBeTruthy();
      await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Generation progress' }).getAttribute('aria-valuenow')).toBe('60'));
      expect(screen.getByRole('button', { name: 'Cancel generation' })).toBeTruthy();
      done = true;
      expect(((await screen.findByAltText('Generated headshot')) as HTMLImageElement).getAttribute('src')).toBe(answer.image);
      expect(screen.queryByRole('progressbar')).toBeNull();
    });

    it("shows a failed generation's headline and tip in the error box, as a synchronous failure", async () => {
      stubCanvas();
      const tip = 'Use a photo without text or logos.';
      stubFetch(
        routes({
          'GET /api/credits/predict-cost': () => prediction,
          'POST /api/ai/generate-image': accepted,
          [`GET /api/generations/${id}`]: () =>
            status({ status: 'failed', error: { code: 'AI_CONTENT_BLOCKED', message: 'The provider refused this photo.', error_class: 'content_policy', tip } }),
        }),
      );
      renderTool(<HeadshotPage />);
      await upload();
      fireEvent.click(await generateButton());
      const box = await screen.findByRole('alert');
      expect(box.dataset.errorClass).toBe('content_policy');
      expect(box.textContent).toContain('The provider refused this photo.');
      expect(box.textContent).toContain(`Tip: ${tip}`);
    });
  });
});
