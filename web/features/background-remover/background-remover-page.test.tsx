// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_PREVIEW_NOTE } from '../../../contract/ai.ts';
import { BACKGROUND_REMOVER_MESSAGES } from '../../../contract/tools/background-remover.ts';
import { UPLOAD_TYPE_ERROR } from '../../lib/image-resize.ts';
import { fail, ok, routes, stubFetch, type RecordedCall } from '../../test-support/fetch-stub.ts';
import { renderTool } from '../../test-support/render.tsx';
import { BackgroundRemoverPage } from './background-remover-page.tsx';
import { DISPLAY_FAILED } from './use-background-remover.ts';

const free = ok({ can_afford: true, required_credits: '0.0000', available_credits: '5.0000', deficit: '0.0000' });
const answer = {
  image: '/api/files/serve/00000000-0000-4000-8000-000000000001',
  uuid: '00000000-0000-4000-8000-000000000001',
  text: `${LOCAL_PREVIEW_NOTE}. ${BACKGROUND_REMOVER_MESSAGES.peopleOnly}.`,
  provider: 'Local engine',
  preview: true,
  credits_used: '0.0000',
  generation_id: '00000000-0000-4000-8000-0000000000aa',
  processing_time_ms: 900,
};

/** The browser's image decoding and canvas, at the global boundary (happy-dom has neither): an 800x600 photo. */
function stubCanvas() {
  vi.stubGlobal('createImageBitmap', async () => ({ width: 800, height: 600, close() {} }));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ({ fillRect() {}, drawImage() {}, fillStyle: '', imageSmoothingQuality: 'low' })) as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/jpeg;base64,/9j/AAAA');
}

const photoFile = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', { type: 'image/jpeg' });

async function upload() {
  fireEvent.change(screen.getByLabelText('Upload photo'), { target: { files: [photoFile()] } });
  await screen.findByAltText('Your photo');
}

const runButton = () => screen.findByRole('button', { name: /Remove Background/ });
const posted = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.url.includes('/api/ai/remove-background'));

/** In a router: the result links to the gallery. */
const renderRemover = () =>
  renderTool(
    <MemoryRouter initialEntries={['/tools/background-remover']}>
      <BackgroundRemoverPage />
    </MemoryRouter>,
  );

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Background Remover page', () => {
  it('shows the price and the local engine before running, says it cuts out people only, and asks for a photo first', async () => {
    const calls = stubFetch(routes({ 'GET /api/credits/predict-cost': () => free }));
    renderRemover();
    await waitFor(async () => expect((await runButton()).textContent).toContain('Free'));
    expect((await screen.findByTestId('engine-note')).textContent).toContain(LOCAL_PREVIEW_NOTE);
    expect(screen.getByTestId('people-only').textContent).toContain('cuts out people, not other subjects');
    expect(screen.getByTestId('people-only').textContent).toContain('refused before anything is charged');
    // Quoted on the tool's own price, at the engine's variant.
    expect(calls.some((c) => c.url.includes('service_type=background_removal') && c.url.includes('variant=local'))).toBe(true);
    fireEvent.click(await runButton());
    expect(screen.getByText(BACKGROUND_REMOVER_MESSAGES.missing)).toBeTruthy();
    expect(posted(calls)).toHaveLength(0);
  });

  it('with a provider: its price in credits and no people-only note', async () => {
    stubFetch(
      routes({
        'GET /api/credits/predict-cost': () => ok({ can_afford: true, required_credits: '0.1000', available_credits: '5.0000', deficit: '0.0000' }),
        'GET /api/ai/engines': () =>
          ok({ tools: { 'background-remover': { engine: 'gemini', label: 'Gemini', preview: false, service_type: 'background_removal', variant: 'standard', estimate: '10-30 s' } } }),
      }),
    );
    renderRemover();
    await waitFor(async () => expect((await runButton()).textContent).toContain('0.10 credits'));
    expect((await screen.findByTestId('engine-note')).textContent).toMatch(/Gemini.*10-30 s/);
    expect(screen.queryByTestId('people-only')).toBeNull();
  });

  it('refuses a file that is not PNG, JPG or WEBP with the upload message', async () => {
    stubFetch(routes({ 'GET /api/credits/predict-cost': () => free }));
    renderRemover();
    fireEvent.change(screen.getByLabelText('Upload photo'), { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText(UPLOAD_TYPE_ERROR)).toBeTruthy();
  });

  it('sends the photo, shows progress, then the cut-out on a checkerboard with the preview notes, the PNG download and the gallery', async () => {
    stubCanvas();
    let answerNow: () => void = () => {};
    const calls = stubFetch(
      routes({
        'GET /api/credits/predict-cost': () => free,
        'POST /api/ai/remove-background': () => new Promise((resolve) => (answerNow = () => resolve(ok(answer)))),
      }),
    );
    renderRemover();
    await upload();
    expect(screen.getByText(/me\.jpg · 800 × 600 px/)).toBeTruthy();
    fireEvent.click(await runButton());
    expect(await screen.findByText('Creating your cut-out…')).toBeTruthy();
    answerNow();
    const img = (await screen.findByAltText('Generated cut-out')) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(answer.image);
    // Transparency shows: a checkerboard behind the whole image, not cropped.
    const around = screen.getByTestId('cutout');
    expect(around.contains(img)).toBe(true);
    expect(around.className).toContain('[&_img]:bg-[conic-gradient');
    expect(around.className).toContain('[&_img]:object-contain');
    expect(screen.getByTestId('preview-note').textContent).toContain(LOCAL_PREVIEW_NOTE);
    expect(screen.getByText(`${BACKGROUND_REMOVER_MESSAGES.peopleOnly}.`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(`/api/files/download/${answer.uuid}`);
    expect(screen.getByRole('link', { name: /Open gallery/ }).getAttribute('href')).toBe('/gallery');
    const [call] = posted(calls);
    expect(call!.body).toEqual({ imageData: '/9j/AAAA', mimeType: 'image/jpeg' });
    expect(call!.headers['idempotency-key']).toBeTruthy();
  });

  it('a photo with no person: the server’s refusal reads as it is, with no result and no tip to retry', async () => {
    stubCanvas();
    stubFetch(
      routes({
        'GET /api/credits/predict-cost': () => free,
        'POST /api/ai/remove-background': () => fail(400, 'VALIDATION_ERROR', BACKGROUND_REMOVER_MESSAGES.noPerson),
      }),
    );
    renderRemover();
    await upload();
    fireEvent.click(await runButton());
    expect((await screen.findByRole('alert')).textContent).toContain(BACKGROUND_REMOVER_MESSAGES.noPerson);
    expect(screen.queryByAltText('Generated cut-out')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });

  it('says so when the cut-out cannot be shown', async () => {
    stubCanvas();
    stubFetch(routes({ 'GET /api/credits/predict-cost': () => free, 'POST /api/ai/remove-background': () => ok(answer) }));
    renderRemover();
    await upload();
    fireEvent.click(await runButton());
    fireEvent.error(await screen.findByAltText('Generated cut-out'));
    expect(await screen.findByText(DISPLAY_FAILED)).toBeTruthy();
  });
});
