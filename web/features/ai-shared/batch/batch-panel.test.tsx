// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_MAX_ITEMS, BATCH_MESSAGES, createBatchRequest } from '../../../../contract/batches.ts';
import { CSRF_HEADER } from '../../../../contract/constants.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../contract/credits.ts';
import { setCsrfToken } from '../../../lib/api.ts';
import { batchItemOf, BATCH_ID, refusedItem } from '../../../test-support/batches.ts';
import { fail, jsonResponse, ok, routes, stubFetch, type RecordedCall } from '../../../test-support/fetch-stub.ts';
import { renderTool } from '../../../test-support/render.tsx';
import { BatchButton } from './batch-button.tsx';
import { BatchPanel } from './batch-panel.tsx';

const OPTIONS = { style: 'viral-bold', realism: 3, addText: true, thumbnailText: 'Day 1' };
const gemini = () =>
  ok({ tools: { 'thumbnail-generator': { engine: 'gemini', label: 'Gemini', preview: false, service_type: 'thumbnail', variant: 'standard', estimate: '10-30 s' } } });

/** The browser's image decoding and canvas, at the global boundary (happy-dom has neither). `undecodable` names files it cannot read. */
function stubCanvas(undecodable: string[] = []) {
  vi.stubGlobal('createImageBitmap', async (file: File) => {
    if (undecodable.includes(file.name)) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    return { width: 800, height: 600, close() {} };
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ({ fillRect() {}, drawImage() {}, fillStyle: '', imageSmoothingQuality: 'low' })) as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/jpeg;base64,/9j/AAAAAAAAAAAAAAAA');
}

/** Signed in with this much available (the panel warns before the click when the quote is more). */
const profile = (available = '12.5') => () =>
  ok({
    user: { id: 'u1', email: 'sam@example.com', name: 'Sam Lee', roles: [], created_at: '2026-01-01T00:00:00Z', last_login_at: null },
    storage: { used_bytes: 0, used_gb: 0, quota_gb: 5, percentage_used: 0, available_bytes: 5 * 1024 ** 3 },
    credits: { balance: available, available_credits: available, lifetime_used: '0', lifetime_purchased: '0' },
    csrf_token: 'csrf-1',
  });

const NOT_AN_IMAGE = 'These are my notes, not a picture.';
const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });

function renderPanel(unitCost: string | null = '0.3000') {
  return renderTool(
    <MemoryRouter initialEntries={['/tools/thumbnail-generator']}>
      <Routes>
        <Route path="/tools/thumbnail-generator" element={<BatchPanel tool="thumbnail-generator" options={OPTIONS} unitCost={unitCost} onClose={() => {}} />} />
        <Route path="/batches/:uuid" element={<p>The batch page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function add(...files: File[]) {
  fireEvent.change(screen.getByLabelText('Add images to the batch'), { target: { files } });
  await waitFor(() => expect(screen.queryByText('Preparing image…')).toBeNull());
}

const list = () => screen.getByRole('list', { name: /Images in this batch/ });
const startButton = () => screen.getByRole('button', { name: /^Start batch/ });
const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/batches');

beforeEach(() => {
  setCsrfToken('csrf-1');
  stubCanvas(['notes.png']);
});
afterEach(() => {
  cleanup();
  setCsrfToken(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('The Batch panel', () => {
  it('opens from the tool page’s Batch button', async () => {
    stubFetch(routes({ 'GET /api/ai/engines': gemini }));
    renderTool(
      <MemoryRouter>
        <BatchButton tool="thumbnail-generator" options={OPTIONS} cost="0.3000" />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Batch' }));
    expect(await screen.findByRole('dialog', { name: 'Thumbnail Generator batch' })).toBeTruthy();
    expect(screen.getByText('Add images to see what the batch costs.')).toBeTruthy();
    expect((startButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists the images (Remove takes one out) and quotes images × price on the engine named before paying', async () => {
    stubFetch(routes({ 'GET /api/ai/engines': gemini }));
    renderPanel();
    await add(photo('a.jpg'), photo('b.jpg'), photo('c.jpg'));
    expect(within(list()).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText(/\(3 of 50\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove b.jpg' }));
    expect(within(list()).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('a.jpg'), expect.stringContaining('c.jpg')]);

    const quote = screen.getByTestId('batch-quote');
    expect(quote.textContent).toContain('2 images × 0.30 credits = 0.60 credits');
    expect((await within(quote).findByTestId('engine-note')).textContent).toMatch(/Made by Gemini, 0\.30 credits per image/);
    expect(startButton().textContent).toBe('Start batch (2 images · 0.60 credits)');
  });

  it('takes at most 50 images and says so', async () => {
    stubFetch(routes({}));
    renderPanel('0');
    await add(...Array.from({ length: BATCH_MAX_ITEMS + 3 }, (_, i) => photo(`p${i}.jpg`)));
    expect(within(list()).getAllByRole('listitem')).toHaveLength(BATCH_MAX_ITEMS);
    expect(screen.getByRole('alert').textContent).toContain(`A batch takes at most ${BATCH_MAX_ITEMS} images.`);
    expect((screen.getByRole('button', { name: /Add images: click or drag and drop/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(startButton().textContent).toBe(`Start batch (${BATCH_MAX_ITEMS} images · Free)`);
  });

  it('starts with exactly the contract’s body (the options as the page has them, each image named), one Idempotency-Key and the CSRF token, then opens the batch page', async () => {
    const calls = stubFetch(
      routes({
        'GET /api/auth/profile': profile(),
        'GET /api/ai/engines': gemini,
        'POST /api/batches': () =>
          jsonResponse(
            {
              success: true,
              data: {
                batch_id: BATCH_ID,
                items: [batchItemOf('a.jpg'), refusedItem('notes.png')],
                quote: { items: 1, unit_price: '0.3000', total: '0.3000', engine: 'Gemini', preview: false },
                status_url: `/api/batches/${BATCH_ID}`,
              },
            },
            202,
          ),
      }),
    );
    renderPanel();
    // A file the browser cannot decode is still sent, under its name: the server judges it.
    await add(photo('a.jpg'), new File([NOT_AN_IMAGE], 'notes.png', { type: 'image/png' }));
    expect(within(list()).getByText('notes.png').closest('li')!.textContent).toContain('No preview');
    fireEvent.click(startButton());
    expect(await screen.findByText('The batch page')).toBeTruthy();

    expect(posts(calls)).toHaveLength(1);
    const [call] = posts(calls);
    expect(createBatchRequest.safeParse(call!.body).success).toBe(true);
    expect(call!.body).toEqual({
      tool: 'thumbnail-generator',
      options: OPTIONS,
      items: [
        { imageData: '/9j/AAAAAAAAAAAAAAAA', mimeType: 'image/jpeg', name: 'a.jpg' },
        { imageData: btoa(NOT_AN_IMAGE), mimeType: 'image/png', name: 'notes.png' },
      ],
    });
    expect(call!.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]).toMatch(/^[0-9a-f-]{36}$/);
    expect(call!.headers[CSRF_HEADER.toLowerCase()]).toBe('csrf-1');
  });

  it('adds gallery images by their id (pressed while in the batch; pressed again takes one out)', async () => {
    const file = (id: string, prompt: string) => ({
      id,
      image: `/api/files/thumbnail/${id}`,
      fullImage: `/api/files/serve/${id}`,
      prompt,
      timestamp: '2026-11-01T10:00:00Z',
      tool: 'image-variator',
      title: 'AI Image Morpher',
      content_type: 'image/png',
      entity_type: 'generated',
      file_type: 'image/png',
      is_public: false,
      days_until_deletion: 20,
      metadata: {},
    });
    const ids = ['00000000-0000-4000-8000-00000000f001', '00000000-0000-4000-8000-00000000f002'];
    const calls = stubFetch(
      routes({
        'GET /api/ai/engines': gemini,
        'GET /api/files/list': () => ok({ files: [file(ids[0]!, 'Red car'), file(ids[1]!, 'Blue boat')], pagination: { limit: 24, offset: 0, hasMore: false, nextCursor: null } }),
        'POST /api/batches': () => fail(402, 'INSUFFICIENT_CREDITS', 'Insufficient credits', { required_credits: '0.6', available_credits: '0', deficit: '0.6' }),
      }),
    );
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Add from your gallery' }));
    const car = await screen.findByRole('button', { name: 'Red car (AI Image Morpher)' });
    fireEvent.click(car);
    fireEvent.click(screen.getByRole('button', { name: 'Blue boat (AI Image Morpher)' }));
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
    expect(car.getAttribute('aria-pressed')).toBe('true');
    expect(within(list()).getByText('Red car').closest('li')!.textContent).toContain('From your gallery');
    fireEvent.click(screen.getByRole('button', { name: 'Blue boat (AI Image Morpher)' }));
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(1));
    fireEvent.click(startButton());
    await screen.findByRole('alert');
    expect(posts(calls)[0]!.body).toEqual({ tool: 'thumbnail-generator', options: OPTIONS, items: [{ image_uuid: ids[0] }] });
    expect(calls.some((c) => c.url.startsWith('/api/files/list?') && c.url.includes('category=image'))).toBe(true);
  });

  it('shows a 402 with its figures and how to fit: shorten the batch or buy credits', async () => {
    const calls = stubFetch(
      routes({
        'GET /api/ai/engines': gemini,
        'POST /api/batches': () =>
          fail(402, 'INSUFFICIENT_CREDITS', 'Insufficient credits', { required_credits: '0.9000', available_credits: '0.5000', deficit: '0.4000' }),
      }),
    );
    renderPanel();
    await add(photo('a.jpg'), photo('b.jpg'), photo('c.jpg'));
    fireEvent.click(startButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not enough credits for this batch');
    expect(alert.textContent).toContain('It needs 0.90 credits; you have 0.50 available (0.40 short).');
    expect(alert.textContent).toContain('Shorten it to 1 image, or buy credits. Nothing was charged.');
    expect(within(alert).getByRole('button', { name: 'Buy credits' })).toBeTruthy();
    // Still on the panel, the images kept for a shorter try.
    expect(within(list()).getAllByRole('listitem')).toHaveLength(3);
    expect(posts(calls)).toHaveLength(1);
  });

  it('says before the click when the balance cannot cover the quote', async () => {
    const calls = stubFetch(routes({ 'GET /api/auth/profile': profile('0.5'), 'GET /api/ai/engines': gemini }));
    renderPanel();
    await add(photo('a.jpg'), photo('b.jpg'));
    expect((await screen.findByTestId('credit-shortfall')).textContent).toContain('Needs 0.60 credits; you have 0.50.');
    expect(screen.getByRole('button', { name: 'Not enough credits' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Start batch/ })).toBeNull();
    // One image fits: the button is back.
    fireEvent.click(screen.getByRole('button', { name: 'Remove b.jpg' }));
    expect(startButton().textContent).toBe('Start batch (1 image · 0.30 credits)');
    expect(posts(calls)).toHaveLength(0);
  });

  it('says before the click when the quote would pass the monthly spending cap, and starts once it fits', async () => {
    const spending = () => ok({ monthly_cap: '0.5', low_balance_alert: null, spent_this_month: '0.2', resets_at: '2026-12-01T00:00:00.000Z', low_balance: null });
    const calls = stubFetch(routes({ 'GET /api/auth/profile': profile('12.5'), 'GET /api/ai/engines': gemini, 'GET /api/account/spending': spending }));
    renderPanel();
    await add(photo('a.jpg'), photo('b.jpg'));
    const note = await screen.findByTestId('spending-cap');
    expect(note.textContent).toContain('This needs 0.60 credits, which would pass your monthly spending cap of 0.50 credits: 0.20 are spent or reserved this month.');
    expect(startButton().hasAttribute('disabled')).toBe(true);
    expect(startButton().getAttribute('aria-describedby')).toBe(note.id);
    // Buying credits would not lift the cap: no shortfall is offered.
    expect(screen.queryByRole('button', { name: 'Not enough credits' })).toBeNull();
    // One image fits what is left (0.30 of 0.30): the note goes and Start is back.
    fireEvent.click(screen.getByRole('button', { name: 'Remove b.jpg' }));
    expect(screen.queryByTestId('spending-cap')).toBeNull();
    expect(startButton().hasAttribute('disabled')).toBe(false);
    expect(posts(calls)).toHaveLength(0);
  });

  it('shows a 400 when no image can be used, with each one’s reason', async () => {
    stubFetch(
      routes({
        'GET /api/ai/engines': gemini,
        'POST /api/batches': () =>
          fail(400, 'VALIDATION_ERROR', BATCH_MESSAGES.nothingToRun, { items: [{ code: 'VALIDATION_ERROR', message: 'notes.png: this file is not an image.' }] }),
      }),
    );
    renderPanel();
    await add(new File([NOT_AN_IMAGE], 'notes.png', { type: 'image/png' }));
    fireEvent.click(startButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(BATCH_MESSAGES.nothingToRun);
    expect(within(alert).getByRole('listitem').textContent).toBe('notes.png: this file is not an image.');
  });
});
