// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GalleryItem } from '../../../contract/files.ts';
import { DEVELOPMENT_HOST_META } from '../../../contract/pages.ts';
import { fail, ok, routes, stubFetch, type RecordedCall } from '../../test-support/fetch-stub.ts';
import { renderTool } from '../../test-support/render.tsx';
import { addLocalHistory } from './local-history.ts';
import { MorpherPage } from './morpher-page.tsx';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function item(n: number, over: Partial<GalleryItem> = {}): GalleryItem {
  return {
    id: uuid(n),
    image: `/api/files/thumbnail/${uuid(n)}`,
    fullImage: `/api/files/download/${uuid(n)}`,
    prompt: `prompt ${n}`,
    timestamp: '2026-01-01T00:00:00Z',
    tool: 'image-variator',
    title: 'AI Image Morpher',
    content_type: 'image/png',
    entity_type: 'generated_image',
    file_type: 'image/png',
    is_public: false,
    days_until_deletion: 20,
    metadata: { aspectRatio: '4:5', variability: 8 },
    ...over,
  };
}

const page = (files: GalleryItem[], hasMore: boolean, offset = 0) => ok({ files, pagination: { limit: 6, offset, hasMore, nextCursor: hasMore ? `c${offset + 6}` : null } });
// A new Response per call: a body reads once, so one shared answer would be empty for every test after the first.
const prediction = () => ok({ can_afford: true, required_credits: '0.2500', available_credits: '5.0000', deficit: '0.0000' });

function renderPage() {
  return renderTool(<MorpherPage />);
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AI Image Morpher page', () => {
  it('shows the panels, the predicted cost and asks for an image first', async () => {
    stubFetch(routes({ 'GET /api/files/list': () => page([], false), 'GET /api/credits/predict-cost': prediction }));
    renderPage();
    expect(screen.getByRole('heading', { name: 'Upload & Describe' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Result' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['None', 'Crop', 'Inpaint', 'Extend']);
    const button = await screen.findByRole('button', { name: /Morph Image.*0\.25 credits/ });
    // The engine that will run is named beside the button: no provider set, so a preview.
    expect((await screen.findByTestId('engine-note')).textContent).toContain('Preview: local engine, no AI provider set');
    expect(screen.queryByLabelText(/Debug mode/)).toBeNull();
    fireEvent.click(button);
    expect(screen.getByText('Please upload an image.')).toBeTruthy();
  });

  it('at 0 credits says Not enough credits on the button before any click (a free preview would stay ready)', async () => {
    const profile = {
      user: { id: 'u1', email: 'sam@example.com', name: 'Sam Lee', roles: [], created_at: '2026-01-01T00:00:00Z', last_login_at: null },
      storage: { used_bytes: 0, used_gb: 0, quota_gb: 5, percentage_used: 0, available_bytes: 5 * 1024 ** 3 },
      credits: { balance: '0.0000', available_credits: '0.0000', lifetime_used: '0', lifetime_purchased: '0' },
      csrf_token: 'csrf-1',
    };
    const quote = () => ok({ can_afford: false, required_credits: '0.2500', available_credits: '0.0000', deficit: '0.2500' });
    stubFetch(routes({ 'GET /api/files/list': () => page([], false), 'GET /api/credits/predict-cost': quote, 'GET /api/auth/profile': () => ok(profile) }));
    renderPage();
    const button = await screen.findByRole('button', { name: /^Not enough credits to Morph Image.*0\.25 credits/ });
    expect(screen.queryByRole('button', { name: /^Morph Image/ })).toBeNull();
    expect(screen.getByTestId('credit-shortfall').textContent).toContain('you have 0.00');
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Insufficient Credits' })).toBeTruthy();
  });

  it('accepts PNG, JPG and WEBP only', async () => {
    stubFetch(routes({ 'GET /api/files/list': () => page([], false), 'GET /api/credits/predict-cost': prediction }));
    renderPage();
    const gif = new File([new Uint8Array([71, 73, 70])], 'anim.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByLabelText('Upload image'), { target: { files: [gif] } });
    expect(await screen.findByText('Only PNG, JPG and WEBP images are supported.')).toBeTruthy();
    expect(screen.getByLabelText('Upload image').getAttribute('accept')).toContain('image/webp');
  });

  it('offers the debug mode only on the development host', async () => {
    stubFetch(
      routes({
        'GET /api/files/list': () => page([], false),
        'GET /api/credits/predict-cost': prediction,
        'GET /api/config': () => ok({ database: 'pglite', environment: 'development' }),
      }),
    );
    // The server marks the development host's document (server/http/web-app.ts).
    const meta = Object.assign(document.createElement('meta'), { name: DEVELOPMENT_HOST_META, content: 'true' });
    document.head.append(meta);
    try {
      renderPage();
      expect(await screen.findByLabelText(/Debug mode/)).toBeTruthy();
    } finally {
      meta.remove();
    }
  });

  it('hides the aspect ratio in Extend mode and predicts the preprocessing cost for other ratios', async () => {
    const calls = stubFetch(routes({ 'GET /api/files/list': () => page([], false), 'GET /api/credits/predict-cost': prediction }));
    renderPage();
    fireEvent.click(screen.getByRole('radio', { name: '1:1' }));
    await waitFor(() => expect(calls.some((c: RecordedCall) => c.url.includes('requires_preprocessing=true'))).toBe(true));
    // Quoted on the engine that will run: the local engine's variant.
    expect(calls.filter((c) => c.url.includes('predict-cost')).every((c) => c.url.includes('service_type=image_generation&variant=local&'))).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'Extend' }));
    expect(screen.queryByRole('radio', { name: '1:1' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'None' }));
    expect(screen.getByRole('radio', { name: '1:1' })).toBeTruthy();
  });

  it('shows 6 skeletons, then 6 images a page with Load More', async () => {
    const calls = stubFetch(
      routes({
        'GET /api/files/list': (call) => (call.url.includes('cursor=c6') ? page([item(7)], false, 6) : page([1, 2, 3, 4, 5, 6].map((n) => item(n)), true)),
        'GET /api/credits/predict-cost': prediction,
      }),
    );
    renderPage();
    expect(screen.getAllByTestId('history-skeleton')).toHaveLength(6);
    const grid = await screen.findByRole('list', { name: 'Image history' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(6);
    expect(calls.find((c) => c.url.startsWith('/api/files/list'))?.url).toBe('/api/files/list?category=image&limit=6&offset=0&tool=image-variator');
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(7));
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('selecting an image restores its prompt, aspect ratio and variability and shows it as the result', async () => {
    stubFetch(routes({ 'GET /api/files/list': () => page([item(1, { days_until_deletion: 2, is_public: true })], false), 'GET /api/credits/predict-cost': prediction }));
    renderPage();
    const tile = await screen.findByRole('button', { name: 'Select “prompt 1”' });
    expect(screen.getByText('2 days left')).toBeTruthy();
    expect(screen.getByText('Public')).toBeTruthy();
    fireEvent.click(tile);
    expect((screen.getByLabelText(/Prompt/) as HTMLTextAreaElement).value).toBe('prompt 1');
    expect((screen.getByRole('radio', { name: '4:5' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Variability') as HTMLInputElement).value).toBe('8');
    expect(screen.getByRole('img', { name: 'Result: prompt 1' }).getAttribute('src')).toBe(`/api/files/serve/${uuid(1)}`);
    expect(screen.getByRole('button', { name: 'Use as Source' })).toBeTruthy();
  });

  it('falls back to the history kept in this browser when the first page fails', async () => {
    addLocalHistory({ uuid: uuid(9), image: `/api/files/serve/${uuid(9)}`, prompt: 'kept locally', aspectRatio: '1:1', variability: 3, timestamp: '2026-01-01T00:00:00Z' });
    stubFetch(routes({ 'GET /api/files/list': () => fail(500, 'INTERNAL', 'down'), 'GET /api/credits/predict-cost': prediction }));
    renderPage();
    expect(await screen.findByText('Could not load your image history from the server')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select “kept locally”' })).toBeTruthy();
  });

  it('deletes an image and clears the history only after confirmation', async () => {
    let files = [item(1), item(2)];
    const calls = stubFetch(
      routes({
        'GET /api/files/list': () => page(files, false),
        'GET /api/credits/predict-cost': prediction,
        [`DELETE /api/files/delete/${uuid(1)}`]: () => {
          files = [item(2)];
          return ok({ deleted: true });
        },
        'DELETE /api/files/clear': () => {
          files = [];
          return ok({ deleted: 1 });
        },
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “prompt 1”' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this image?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete “prompt 1”' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Select “prompt 1”' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Clear History' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Clear image history?' })).getByRole('button', { name: 'Clear History' }));
    await screen.findByText('No images yet. Your morphed images will appear here.');
    expect(calls.find((c) => c.method === 'DELETE' && c.url.startsWith('/api/files/clear'))?.url).toBe('/api/files/clear?tool=image-variator');
  });
});
