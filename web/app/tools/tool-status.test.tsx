// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOL_CATALOGUE, type ToolConfig, type ToolStatus } from '../../../contract/tools.ts';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { renderPage } from '../../test-support/render.tsx';
import { ToolLauncher } from '../../features/tools/tool-launcher.tsx';
import { CreateMenu } from '../shell/create-menu.tsx';
import { Footer } from '../shell/footer.tsx';
import { ToolPage } from './tool-page.tsx';

/**
 * Spec 1 §3 tool status rules, driven by GET /api/tools/config as the admin's Tools Configuration tab saves it:
 * disabled hidden everywhere (launcher, header Create menu, footer, the tool's own page), coming-soon only in the
 * launcher and not usable, beta usable and marked, available everywhere.
 */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const statuses: Record<string, ToolStatus> = { 'mockup-generator': 'disabled', 'thumbnail-generator': 'coming-soon', 'caption-generator': 'beta' };
const tools: ToolConfig[] = TOOL_CATALOGUE.map((tool) => ({ ...tool, status: statuses[tool.id] ?? 'available' }));

function serve() {
  stubFetch(
    routes({
      'GET /api/tools/config': () => ok({ tools }),
      'GET /api/pricing/tools': () => ok({ tool_pricing: {} }),
      'GET /api/auth/profile': () => fail(401, 'UNAUTHENTICATED'),
      'GET /api/ai/engines': () => fail(401, 'UNAUTHENTICATED'),
    }),
  );
}

describe('tool status rules', () => {
  it('the launcher lists available, beta and coming-soon tools, never a disabled one; beta is marked', async () => {
    serve();
    renderPage(<ToolLauncher />, '/tools');
    await screen.findByText('AI Image Morpher');
    expect(screen.queryByText('Mockup Generator')).toBeNull();
    expect(screen.getByText('Thumbnail Generator')).toBeTruthy();
    expect(screen.getAllByText('Coming Soon').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Beta').length).toBeGreaterThan(0);
  });

  it('the header Create menu lists available and beta tools only', async () => {
    serve();
    renderPage(<CreateMenu />, '/');
    await act(async () => {});
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('link', { name: /AI Image Morpher/ });
    expect(screen.getByRole('link', { name: /Caption Generator/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Mockup Generator/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Thumbnail Generator/ })).toBeNull();
  });

  it('the footer lists available tools only', async () => {
    serve();
    renderPage(<Footer />, '/');
    const footer = await screen.findByRole('contentinfo');
    await within(footer).findByRole('link', { name: 'AI Image Morpher' });
    expect(within(footer).queryByRole('link', { name: 'Mockup Generator' })).toBeNull();
    expect(within(footer).queryByRole('link', { name: 'Caption Generator' })).toBeNull();
    expect(within(footer).queryByRole('link', { name: 'Thumbnail Generator' })).toBeNull();
  });

  it("a disabled tool's address says it is not available; a coming-soon one says it is coming", async () => {
    serve();
    renderPage(<ToolPage />, '/tools/mockup-generator', '/tools/:id');
    expect(await screen.findByRole('heading', { name: 'Tool not available' })).toBeTruthy();
    expect(screen.getByText(/Mockup Generator is not available right now/)).toBeTruthy();
    cleanup();
    serve();
    renderPage(<ToolPage />, '/tools/thumbnail-generator', '/tools/:id');
    expect(await screen.findByRole('heading', { name: 'Thumbnail Generator is coming soon' })).toBeTruthy();
  });
});
