// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GalleryItem } from '../../../contract/files.ts';
import { ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { renderTool } from '../../test-support/render.tsx';
import { GalleryPage } from './gallery-page.tsx';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const longPrompt = 'A lighthouse on a cliff at dusk, waves crashing below, warm windows, painted in thick oil strokes with a violet sky';

function item(n: number, over: Partial<GalleryItem> = {}, metadata: Record<string, unknown> = {}): GalleryItem {
  return {
    id: uuid(n),
    image: `/api/files/thumbnail/${uuid(n)}`,
    fullImage: `/api/files/download/${uuid(n)}`,
    prompt: longPrompt,
    timestamp: '2026-03-04T10:00:00Z',
    tool: 'image-variator',
    title: 'AI Image Morpher',
    content_type: 'image/png',
    entity_type: 'generated_image',
    file_type: 'image/png',
    is_public: false,
    days_until_deletion: 23,
    metadata: { width: 768, height: 512, ...metadata },
    ...over,
  };
}

// As the upscale use case records a copy: the source's metadata with its scale and where it came from.
const upscaled = item(2, {}, { width: 1536, height: 1024, upscale_provider: 'local', scale_factor: 2, quality_tier: 'fast', upscaled_from: uuid(1) });
const original = item(1, { is_public: true, days_until_deletion: 5 });
const upload = item(3, { prompt: null, tool: null, title: 'notes.png', days_until_deletion: 30 }, { width: null, height: null });

function renderGallery(files: GalleryItem[]) {
  stubFetch(routes({ 'GET /api/files/list': () => ok({ files, pagination: { limit: 24, offset: 0, hasMore: false, nextCursor: null } }) }));
  renderTool(<GalleryPage />);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Gallery tiles', () => {
  it('show the prompt (whole in the tooltip), size and date, the deletion countdown and tool, and visibility', async () => {
    renderGallery([upscaled, original, upload]);
    const tiles = within(await screen.findByRole('list', { name: 'Gallery images' })).getAllByRole('listitem');
    const [copy, first, file] = tiles as [HTMLElement, HTMLElement, HTMLElement];

    const prompt = within(first).getByText(longPrompt);
    expect(prompt.className).toContain('truncate');
    expect(prompt.getAttribute('title')).toBe(longPrompt);
    expect(within(first).getByRole('button', { name: `Open ${longPrompt}` })).toBeTruthy();
    expect(first.textContent).toContain('768 × 512 · Mar 4, 2026');
    expect(within(first).getByText('Deletes in 5 days · AI Image Morpher')).toBeTruthy();
    expect(within(first).getByText('Public')).toBeTruthy();
    // 7 days or fewer: the coloured badge on the image as well.
    expect(within(first).getByText('5 days left')).toBeTruthy();

    expect(within(copy).getByText('Private')).toBeTruthy();
    expect(copy.textContent).toContain('1536 × 1024 · Mar 4, 2026');
    expect(within(copy).getByText('Deletes in 23 days · AI Image Morpher')).toBeTruthy();

    // No prompt: the name is the title and the detail line keeps its place (the tiles stay one height).
    expect(within(file).getByRole('button', { name: 'Open notes.png' })).toBeTruthy();
    expect(within(file).getByText('Mar 4, 2026')).toBeTruthy();
    expect(within(file).getByText('Deletes in 30 days')).toBeTruthy();
    expect(file.querySelectorAll('p').length).toBe(copy.querySelectorAll('p').length);
  });

  it('mark an upscaled copy with its scale, on the tile and in the viewer', async () => {
    renderGallery([upscaled, original]);
    const tiles = within(await screen.findByRole('list', { name: 'Gallery images' })).getAllByRole('listitem');
    const badge = within(tiles[0]!).getByTestId('upscale-badge');
    expect(badge.textContent).toBe('Upscaled 2x');
    expect(badge.getAttribute('title')).toBe('Upscaled 2x');
    expect(within(tiles[1]!).queryByTestId('upscale-badge')).toBeNull();

    fireEvent.click(within(tiles[0]!).getByRole('button', { name: /^Open / }));
    const viewer = screen.getByRole('dialog', { name: 'Gallery image' });
    expect(within(viewer).getByText('Private · Upscaled 2x · 1536 × 1024 · Mar 4, 2026 · Deletes in 23 days')).toBeTruthy();
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(within(viewer).getByText('Public · 768 × 512 · Mar 4, 2026 · Deletes in 5 days')).toBeTruthy();
  });

  it('loads with skeleton tiles the same shape as the tiles', () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderTool(<GalleryPage />);
    const loading = screen.getByRole('list', { name: 'Loading images' });
    expect(loading.querySelectorAll('li')).toHaveLength(8);
    expect(loading.querySelector('li > .aspect-square')).toBeTruthy();
  });
});
