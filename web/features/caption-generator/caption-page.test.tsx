// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTION_MESSAGES, CAPTION_SETTINGS_KEY, COPY_FEEDBACK_MS } from '../../../contract/captions.ts';
import { fail, ok, routes, stubFetch, type RecordedCall } from '../../test-support/fetch-stub.ts';
import { renderTool } from '../../test-support/render.tsx';
import { CaptionPage } from './caption-page.tsx';

// Canvas decoding is the browser's job (covered end to end); here an upload becomes a tiny JPEG at once.
vi.mock('../../lib/image-resize.ts', async (original) => ({
  ...(await original<typeof import('../../lib/image-resize.ts')>()),
  prepareSourceImage: async (_blob: Blob, name: string) => ({ dataUrl: `data:image/jpeg;base64,${btoa(name)}`, mimeType: 'image/jpeg', width: 10, height: 10, name }),
}));

const answer = (n: number, extra: object = {}) => ({
  text: JSON.stringify({ caption: `Caption number ${n}.`, hashtags: ['coffee', 'morning', 'studio', 'daily', 'craft'] }),
  caption: `Caption number ${n}.`,
  hashtags: ['coffee', 'morning', 'studio', 'daily', 'craft'],
  content_id: 40 + n,
  provider: 'Local engine',
  preview: true,
  credits_used: '0.0000',
  generation_id: `gen-${n}`,
  processing_time_ms: 120,
  ...extra,
});

const emptyGallery = () => ok({ files: [], pagination: { limit: 12, offset: 0, hasMore: false, nextCursor: null } });
const prediction = () => ok({ can_afford: true, required_credits: '0.0000', available_credits: '5.0000', deficit: '0.0000' });

function stub(generate: (call: RecordedCall) => Response) {
  return stubFetch(
    routes({
      'POST /api/ai/generate-caption': generate,
      'GET /api/files/list': emptyGallery,
      'GET /api/credits/predict-cost': prediction,
    }),
  );
}

function renderPage() {
  return renderTool(
    <MemoryRouter>
      <CaptionPage />
    </MemoryRouter>,
  );
}

async function upload(name = 'coffee.jpg') {
  fireEvent.change(screen.getByLabelText('Upload an image'), { target: { files: [new File([new Uint8Array([255, 216, 255])], name, { type: 'image/jpeg' })] } });
  await screen.findByRole('img', { name: `Your image: ${name}` });
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Caption generator page', () => {
  it('asks for an image first', async () => {
    stub(() => ok(answer(1)));
    renderPage();
    expect(screen.getByText('PNG, JPG or WEBP')).toBeTruthy();
    // The engine and its price are named before anything is uploaded.
    await waitFor(() => expect(screen.getByTestId('engine-note').textContent).toMatch(/Preview: local engine, no AI provider set.*free/));
    await upload();
    expect(select('Platform').value).toBe('Instagram');
    expect(select('Length').value).toBe('Medium');
    expect(select('Tone').value).toBe('Friendly');
    expect(select('Language').value).toBe('English');
    expect(Array.from(select('Language').options).map((o) => o.value)).toEqual(['English', 'Spanish', 'French', 'German', 'Japanese', 'Mandarin', 'Hindi', 'Arabic']);
  });

  it('on the local engine says beside the language what it writes there, and when the context is left out (issue 26)', async () => {
    stub(() => ok(answer(1)));
    renderPage();
    await upload();
    const note = () => screen.getByTestId('language-note');
    await waitFor(() => expect(note().textContent).toContain(CAPTION_MESSAGES.localLanguage('English')));
    expect(select('Language').getAttribute('aria-describedby')).toBe(note().id);
    fireEvent.change(screen.getByLabelText(/Context/), { target: { value: 'A tiny cup of coffee on the table' } });
    expect(note().textContent).not.toContain(CAPTION_MESSAGES.contextLeftOut('English'));
    fireEvent.change(select('Language'), { target: { value: 'Spanish' } });
    expect(note().textContent).toContain(CAPTION_MESSAGES.localLanguage('Spanish'));
    expect(note().textContent).toContain(CAPTION_MESSAGES.contextLeftOut('Spanish'));
    fireEvent.change(screen.getByLabelText(/Context/), { target: { value: 'Una taza de café en la mesa' } });
    expect(note().textContent).not.toContain(CAPTION_MESSAGES.contextLeftOut('Spanish'));
  });

  it('with an AI provider writing captions there is no local language note', async () => {
    stubFetch(
      routes({
        'POST /api/ai/generate-caption': () => ok(answer(1)),
        'GET /api/files/list': emptyGallery,
        'GET /api/credits/predict-cost': prediction,
        'GET /api/ai/engines': () =>
          ok({ tools: { 'caption-generator': { engine: 'openai', label: 'OpenAI', preview: false, service_type: 'caption', variant: 'default', estimate: 'a few seconds' } } }),
      }),
    );
    renderPage();
    await upload();
    await waitFor(() => expect(screen.getByTestId('engine-note').textContent).toContain('OpenAI'));
    expect(screen.queryByTestId('language-note')).toBeNull();
  });

  it('keeps the settings in this browser and restores them', async () => {
    stub(() => ok(answer(1)));
    renderPage();
    await upload();
    fireEvent.change(select('Platform'), { target: { value: 'LinkedIn' } });
    fireEvent.change(select('Tone'), { target: { value: 'Professional' } });
    fireEvent.change(screen.getByLabelText(/Context/), { target: { value: 'Our new studio' } });
    fireEvent.change(screen.getByLabelText(/Additional hashtags/), { target: { value: '#design studio' } });
    expect(JSON.parse(localStorage.getItem(CAPTION_SETTINGS_KEY)!)).toEqual({
      platform: 'LinkedIn',
      length: 'Medium',
      tone: 'Professional',
      language: 'English',
      context: 'Our new studio',
      additionalHashtags: '#design studio',
    });
    cleanup();
    renderPage();
    await upload();
    expect(select('Platform').value).toBe('LinkedIn');
    expect(select('Tone').value).toBe('Professional');
    expect((screen.getByLabelText(/Context/) as HTMLTextAreaElement).value).toBe('Our new studio');
  });

  it('falls back to the defaults field by field when what is stored is stale', async () => {
    localStorage.setItem(CAPTION_SETTINGS_KEY, JSON.stringify({ platform: 'MySpace', tone: 'Witty' }));
    stub(() => ok(answer(1)));
    renderPage();
    await upload();
    expect(select('Platform').value).toBe('Instagram');
    expect(select('Tone').value).toBe('Witty');
  });

  it('sends the settings with the hashtags split on commas and spaces, # stripped, empties dropped; newest result first', async () => {
    let n = 0;
    const calls = stub(() => ok(answer(++n)));
    renderPage();
    await upload();
    fireEvent.change(select('Language'), { target: { value: 'Spanish' } });
    fireEvent.change(screen.getByLabelText(/Additional hashtags/), { target: { value: ' #travel,, summer ##beach , ' } });
    fireEvent.click(screen.getByRole('button', { name: /Generate Caption/ }));
    await screen.findByText('Caption number 1.');
    const sent = calls.find((c) => c.url.startsWith('/api/ai/generate-caption'))!;
    expect(sent.body).toMatchObject({ imageData: btoa('coffee.jpg'), mimeType: 'image/jpeg', platform: 'Instagram', language: 'Spanish', additionalHashtags: ['travel', 'summer', 'beach'] });
    expect(sent.headers['idempotency-key']).toBeTruthy();
    expect(screen.getByText(CAPTION_MESSAGES.keptNote)).toBeTruthy();
    expect(screen.queryByText(/lost after refresh/)).toBeNull();
    expect(screen.getByTestId('preview-note')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open and share/ }).getAttribute('href')).toBe('/content/41');

    fireEvent.click(screen.getByRole('button', { name: /Generate Caption/ }));
    await screen.findByText('Caption number 2.');
    expect(screen.getAllByTestId('caption-result').map((r) => r.querySelector('p')!.textContent)).toEqual(['Caption number 2.', 'Caption number 1.']);
  });

  it('copies the caption with its hashtags and says Copied for 2 s', async () => {
    stub(() => ok(answer(1)));
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    await upload();
    fireEvent.click(screen.getByRole('button', { name: /Generate Caption/ }));
    await screen.findByText('Caption number 1.');
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith('Caption number 1.\n\n#coffee #morning #studio #daily #craft');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(COPY_FEEDBACK_MS - 50));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('highlights a new result for 600 ms', async () => {
    stub(() => ok(answer(1)));
    renderPage();
    await upload();
    fireEvent.click(screen.getByRole('button', { name: /Generate Caption/ }));
    await screen.findByText('Caption number 1.');
    expect(screen.getByTestId('caption-result').dataset.fresh).toBe('true');
    await waitFor(() => expect(screen.getByTestId('caption-result').dataset.fresh).toBeUndefined(), { timeout: 1500 });
  });

  it("says 'Failed to generate content: …' and opens the dialog on a 402", async () => {
    let status = 502;
    stub(() => (status === 402 ? fail(402, 'INSUFFICIENT_CREDITS', 'Not enough credits', { required_credits: '0.5', available_credits: '0.1', deficit: '0.4' }) : fail(502, 'AI_PROVIDER_ERROR', 'The AI provider failed')));
    renderPage();
    await upload();
    fireEvent.click(screen.getByRole('button', { name: /Generate Caption/ }));
    expect(await screen.findByText('Failed to generate content: The AI provider failed')).toBeTruthy();
    status = 402;
    fireEvent.click(screen.getByRole('button', { name: /Generate Caption/ }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toMatch(/0.40/);
  });
});
