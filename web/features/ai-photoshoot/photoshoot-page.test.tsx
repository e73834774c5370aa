// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_PREVIEW_NOTE } from '../../../contract/ai.ts';
import { GENERATION_MESSAGES } from '../../../contract/generations.ts';
import { PHOTOSHOOT_MESSAGES } from '../../../contract/photoshoot.ts';
import { generationTiming } from '../../lib/generations.ts';
import { fail, jsonResponse, ok, routes, stubFetch, type Handler, type RecordedCall } from '../../test-support/fetch-stub.ts';
import { renderTool } from '../../test-support/render.tsx';
import { PhotoshootPage } from './photoshoot-page.tsx';
import { CANCELLED_NOTE, tooLargeMessage } from './use-photoshoot.ts';

const prediction = (required: string) => ok({ can_afford: true, required_credits: required, available_credits: '5.0000', deficit: '0.0000' });
const answer = (n: number) => ({
  image: `/api/files/serve/00000000-0000-4000-8000-00000000000${n}`,
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  text: `${LOCAL_PREVIEW_NOTE}. Variation ${n}: tighter framing with the Golden hour effect.`,
  provider: 'Local engine',
  preview: true,
  credits_used: '0.0000',
  generation_id: `00000000-0000-4000-8000-0000000000a${n}`,
  processing_time_ms: 900,
});

/** The browser's image decoding and canvas, at the global boundary (happy-dom has neither): a 3000x2000 photo. */
function stubCanvas() {
  const sizes: [number, number][] = [];
  let encoded = 0;
  vi.stubGlobal('createImageBitmap', async () => ({ width: 3000, height: 2000, close() {} }));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    sizes.push([this.width, this.height]);
    return { fillRect() {}, drawImage() {}, fillStyle: '', imageSmoothingQuality: 'low' } as never;
  } as never);
  const quality: unknown[] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation((type?: string, q?: unknown) => {
    quality.push([type, q]);
    encoded += 1;
    return `data:image/jpeg;base64,PHOTO${encoded}`;
  });
  return { sizes, quality };
}

const photo = (name: string, bytes = 4, type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type });

async function upload(...files: File[]) {
  fireEvent.change(screen.getByLabelText('Upload reference photos'), { target: { files } });
  await waitFor(() => expect(screen.queryByText('Preparing…')).toBeNull());
}

const generateButton = () => screen.getByRole('button', { name: /^Generate \d photos?/ });
const posted = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/ai/generate-image-variation');
const tiles = () => screen.getAllByTestId('photoshoot-tile');

function stub(generate: Handler, perPhoto = '0.0000') {
  return stubFetch(routes({ 'GET /api/credits/predict-cost': () => prediction(perPhoto), 'POST /api/ai/generate-image-variation': generate }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AI photoshoot page', () => {
  it('starts with the spec defaults, names the engine, and asks for a reference photo before any call', async () => {
    const calls = stub(() => ok(answer(1)));
    renderTool(<PhotoshootPage />);
    expect((screen.getByRole('radio', { name: '2' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked).map((c) => c.getAttribute('value'))).toEqual(['Pose', 'Scenery']);
    expect(screen.getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual(['Pose', 'Scenery', 'Character', 'Lighting', 'Angle', 'Style']);
    expect((screen.getByRole('radio', { name: /Creative/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: '1:1' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(generateButton().textContent).toContain('Free'));
    expect((await screen.findByTestId('engine-note')).textContent).toContain(LOCAL_PREVIEW_NOTE);
    expect(calls.some((c) => c.url.includes('service_type=photoshoot') && c.url.includes('variant=local'))).toBe(true);

    fireEvent.click(generateButton());
    expect(screen.getByText(PHOTOSHOOT_MESSAGES.missing)).toBeTruthy();
    expect(posted(calls)).toHaveLength(0);
    expect(screen.queryAllByTestId('photoshoot-tile')).toHaveLength(0);
  });

  it('shows the cost as the per-photo price times the variations', async () => {
    stub(() => ok(answer(1)), '0.2500');
    renderTool(<PhotoshootPage />);
    await waitFor(() => expect(generateButton().textContent).toContain('0.50 credits'));
    expect(screen.getByTestId('engine-note').textContent).toContain('0.25 credits per photo');
    fireEvent.click(screen.getByRole('radio', { name: '3' }));
    expect(screen.getByRole('button', { name: /Generate 3 photos/ }).textContent).toContain('0.75 credits');
    fireEvent.click(screen.getByRole('radio', { name: '1' }));
    expect(screen.getByRole('button', { name: /Generate 1 photo/ }).textContent).toContain('0.25 credits');
    fireEvent.click(screen.getByRole('radio', { name: '4' }));
    expect(screen.getByRole('button', { name: /Generate 4 photos/ }).textContent).toContain('1.00 credits');
  });

  it('resizes each photo to 1536 px JPEG 0.92, marks the first as the blueprint, removes one, and refuses other types, big files and a fifth photo', async () => {
    const canvas = stubCanvas();
    stub(() => ok(answer(1)));
    renderTool(<PhotoshootPage />);
    await upload(photo('astronaut.jpg'), photo('camera.jpg'));
    expect(canvas.sizes).toEqual([
      [1536, 1024],
      [1536, 1024],
    ]);
    expect(canvas.quality).toEqual([
      ['image/jpeg', 0.92],
      ['image/jpeg', 0.92],
    ]);
    const list = screen.getByRole('list', { name: 'Reference photos' });
    expect(within(list).getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['Reference photo 1: astronaut.jpg', 'Reference photo 2: camera.jpg']);
    expect(within(list).getAllByText('Aspect blueprint')).toHaveLength(1);
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Aspect blueprint');

    fireEvent.click(screen.getByRole('button', { name: 'Remove reference photo 1' }));
    expect(within(list).getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['Reference photo 1: camera.jpg']);

    await upload(photo('a.gif', 4, 'image/gif'), photo('huge.jpg', 10 * 1024 * 1024 + 1));
    const box = screen.getByRole('alert');
    expect(box.textContent).toContain('a.gif: Only PNG, JPG and WEBP images are supported.');
    expect(box.textContent).toContain(tooLargeMessage('huge.jpg'));
    expect(within(list).getAllByRole('img')).toHaveLength(1);

    await upload(photo('1.jpg'), photo('2.jpg'), photo('3.jpg'), photo('4.jpg'));
    expect(within(list).getAllByRole('img')).toHaveLength(4);
    expect(screen.getByRole('alert').textContent).toContain(PHOTOSHOOT_MESSAGES.tooMany);
    expect(screen.queryByRole('button', { name: /Add photo/ })).toBeNull();
  });

  it('makes one call per variation, in order and one at a time, each with its own key and index, and fills the grid in order', async () => {
    stubCanvas();
    let inFlight = 0;
    let most = 0;
    let n = 0;
    const calls = stub(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      n += 1;
      return ok(answer(n));
    });
    renderTool(<PhotoshootPage />);
    await upload(photo('astronaut.jpg'), photo('camera.jpg'));
    fireEvent.click(screen.getByRole('radio', { name: '3' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pose' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Scenery' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Style' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Lighting' }));
    fireEvent.click(screen.getByRole('radio', { name: /Diverse/ }));
    fireEvent.click(screen.getByRole('radio', { name: '16:9' }));
    fireEvent.change(screen.getByLabelText(/Prompt/), { target: { value: '  on a rooftop at dusk ' } });
    fireEvent.click(generateButton());

    expect(await screen.findByAltText('Generated photo 3')).toBeTruthy();
    const sent = posted(calls);
    expect(sent.map((c) => c.body)).toEqual([0, 1, 2].map((index) => ({
      images: ['PHOTO1', 'PHOTO2'],
      prompt: 'on a rooftop at dusk',
      // In the contract's order, whatever order they were clicked in.
      changeOptions: ['Lighting', 'Style'],
      variety: 'Diverse',
      outputRatio: '16:9',
      index,
    })));
    expect(most).toBe(1);
    const keys = sent.map((c) => c.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((k) => typeof k === 'string' && k.length > 0)).toBe(true);

    expect(tiles().map((t) => t.dataset.status)).toEqual(['done', 'done', 'done']);
    expect(screen.getAllByRole('img', { name: /Generated photo/ }).map((i) => i.getAttribute('src'))).toEqual([1, 2, 3].map((k) => answer(k).image));
    expect(screen.getAllByRole('link', { name: /Download photo/ }).map((a) => a.getAttribute('href'))).toEqual([1, 2, 3].map((k) => `/api/files/download/${answer(k).uuid}`));
    expect(screen.getByTestId('preview-note').textContent).toContain(LOCAL_PREVIEW_NOTE);
    // Each result's text under it, without repeating the note.
    expect(screen.getByText('Variation 2: tighter framing with the Golden hour effect.')).toBeTruthy();
    expect(screen.getByText('3 of 3 photos ready')).toBeTruthy();
  });

  it('turns a failed call into its error tile while the others succeed, with the spec messages for unreadable answers', async () => {
    stubCanvas();
    // parseAnswer logs the shape it could not read.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const byIndex: Record<number, () => Response> = {
      0: () => ok(answer(1)),
      1: () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      2: () => fail(422, 'AI_CONTENT_POLICY', 'The provider refused this request'),
      3: () => ok({ unexpected: true }),
    };
    const calls = stub((call) => byIndex[(call.body as { index: number }).index]!());
    renderTool(<PhotoshootPage />);
    await upload(photo('astronaut.jpg'));
    fireEvent.click(screen.getByRole('radio', { name: '4' }));
    fireEvent.click(generateButton());
    await waitFor(() => expect(tiles().map((t) => t.dataset.status)).toEqual(['done', 'error', 'error', 'error']));
    expect(posted(calls)).toHaveLength(4);
    expect(tiles()[1]!.textContent).toBe(PHOTOSHOOT_MESSAGES.itemFailed(2, PHOTOSHOOT_MESSAGES.http(502)));
    expect(tiles()[2]!.textContent).toBe('Error generating image 3: The provider refused this request');
    expect(tiles()[3]!.textContent).toBe('Error generating image 4: API request failed');
    expect(screen.getByAltText('Generated photo 1')).toBeTruthy();
    expect(screen.getByText('1 of 4 photos ready')).toBeTruthy();
    // The button is back for another set.
    expect(generateButton().hasAttribute('disabled')).toBe(false);
  });

  it('a 402 opens the Insufficient Credits dialog and stops the rest of the set', async () => {
    stubCanvas();
    const calls = stub((call) =>
      (call.body as { index: number }).index === 0
        ? ok(answer(1))
        : fail(402, 'INSUFFICIENT_CREDITS', 'Not enough credits', { required_credits: '0.5', available_credits: '0.1', deficit: '0.4' }),
    );
    renderTool(<PhotoshootPage />);
    await upload(photo('astronaut.jpg'));
    fireEvent.click(screen.getByRole('radio', { name: '4' }));
    fireEvent.click(generateButton());
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await waitFor(() => expect(tiles().map((t) => t.dataset.status)).toEqual(['done', 'error', 'skipped', 'skipped']));
    expect(posted(calls)).toHaveLength(2);
    expect(tiles()[1]!.textContent).toBe('Error generating image 2: Not enough credits');
  });

  it('reads a failed answer without a message as its HTTP status', async () => {
    stubCanvas();
    stub(() => jsonResponse({ success: false }, 503));
    renderTool(<PhotoshootPage />);
    await upload(photo('astronaut.jpg'));
    fireEvent.click(screen.getByRole('radio', { name: '1' }));
    fireEvent.click(generateButton());
    await waitFor(() => expect(tiles()[0]!.textContent).toBe('Error generating image 1: HTTP error! status: 503'));
  });

  it('a variation that outlasts its call shows its progress in the grid; Cancel stops it and the rest of the set', async () => {
    const saved = { ...generationTiming };
    Object.assign(generationTiming, { pollMs: 5 });
    stubCanvas();
    const id = '00000000-0000-4000-8000-0000000000c2';
    let cancelled = false;
    const status = () =>
      ok({ generation_id: id, tool: 'ai-photoshoot', title: 'AI Photoshoot', status: cancelled ? 'cancelled' : 'processing', progress: cancelled ? null : 25, provider: 'Local engine', credits: '0', created_at: new Date().toISOString(), completed_at: null, result: null, error: null });
    const calls = stubFetch(
      routes({
        'GET /api/credits/predict-cost': () => prediction('0.0000'),
        'POST /api/ai/generate-image-variation': (call) =>
          (call.body as { index: number }).index === 0 ? ok(answer(1)) : jsonResponse({ success: true, data: { generation_id: id, status: 'processing', status_url: `/api/generations/${id}` } }, 202),
        [`GET /api/generations/${id}`]: status,
        [`POST /api/generations/${id}/cancel`]: () => {
          cancelled = true;
          return status();
        },
      }),
    );
    try {
      renderTool(<PhotoshootPage />);
      await upload(photo('astronaut.jpg'));
      fireEvent.click(screen.getByRole('radio', { name: '3' }));
      fireEvent.click(generateButton());
      await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Photo 2 progress' }).getAttribute('aria-valuenow')).toBe('25'));
      fireEvent.click(screen.getByRole('button', { name: 'Cancel generation' }));
      await waitFor(() => expect(tiles().map((t) => t.dataset.status)).toEqual(['done', 'skipped', 'skipped']));
      expect(tiles()[1]!.textContent).toBe(GENERATION_MESSAGES.cancelled);
      expect(tiles()[2]!.textContent).toBe(CANCELLED_NOTE);
      expect(posted(calls)).toHaveLength(2);
      expect(screen.queryByRole('progressbar')).toBeNull();
    } finally {
      Object.assign(generationTiming, saved);
    }
  });
});
