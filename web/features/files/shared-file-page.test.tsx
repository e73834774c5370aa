// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedFile } from '../../../contract/files.ts';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { renderPage } from '../../test-support/render.tsx';
import { SharedFilePage } from './shared-file-page.tsx';

const uuid = '0b9c3a52-1b9e-4b55-9a2e-3c1f0e7d9a10';
const file = (over: Partial<SharedFile>): SharedFile => ({
  uuid,
  filename: 'ampkit-mockup-generator-20260301-100000.png',
  title: 'Mockup Generator',
  page_title: 'Poster mockup · Mockup Generator',
  entity_type: 'generated_image',
  file_type: 'image/png',
  file_url: `/api/files/serve/${uuid}`,
  download_url: `/api/files/download/${uuid}`,
  og_image_url: null,
  is_public: true,
  is_owner: false,
  user: { name: 'Maya Rivera' },
  created_at: '2026-03-01T10:00:00Z',
  share_count: 2,
  view_count: 5,
  prompt: null,
  prompt_source: null,
  width: 1344,
  height: 768,
  ...over,
});

function show(answer: SharedFile) {
  stubFetch(routes({ 'GET /api/auth/profile': () => fail(401, 'UNAUTHENTICATED', 'Please sign in'), [`GET /api/file/${uuid}`]: () => ok(answer) }));
  renderPage(<SharedFilePage />, `/file/${uuid}`, '/file/:uuid');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SharedFilePage', () => {
  it('labels only the creator’s own words Prompt', async () => {
    show(file({ title: 'AI Image Morpher', prompt: 'a watercolour lighthouse', prompt_source: 'user' }));
    await screen.findByRole('heading', { name: 'AI Image Morpher' });
    expect(screen.getByText('Prompt')).toBeTruthy();
    expect(screen.getByText('a watercolour lighthouse')).toBeTruthy();
  });

  it('gives the image its size, so the page does not move when it arrives', async () => {
    show(file({ prompt: 'a lighthouse', prompt_source: 'user' }));
    const image = await screen.findByRole('img', { name: 'a lighthouse' });
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1344', '768']);
  });

  it('does not call text the tool wrote a prompt', async () => {
    const text = 'Mockup: Poster. Preview: local engine, no AI provider set: a drawn template preview.';
    show(file({ prompt: text, prompt_source: 'generated' }));
    await screen.findByRole('heading', { name: 'Mockup Generator' });
    expect(screen.queryByText(/^Prompt$/i)).toBeNull();
    expect(screen.getByText('Description')).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('lists the footer items with no separator characters (the dots are drawn, and clipped at a line start)', async () => {
    show(file({}));
    await screen.findByRole('heading', { name: 'Mockup Generator' });
    const footer = screen.getByRole('list', { name: 'About this item' });
    const items = within(footer).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['By Maya Rivera', 'Mar 1, 2026', 'generated image', '2 shares']);
    expect(footer.textContent).not.toContain('·');
    expect(footer.parentElement?.className).toContain('overflow-hidden');
  });

  it('names the tab after what the owner made, the tool second, as the server-rendered title does', async () => {
    show(file({ page_title: 'Coffee mug on a marble table · Mockup Generator' }));
    await screen.findByRole('heading', { name: 'Mockup Generator' });
    await waitFor(() => expect(document.title).toBe('Coffee mug on a marble table · Mockup Generator · Ampkit'));
  });
});
