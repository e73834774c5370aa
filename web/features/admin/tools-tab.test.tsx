// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOL_CATALOGUE, type ToolConfig } from '../../../contract/tools.ts';
import { fail, ok, routes, stubFetch, type Handler } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { toolKeys } from '../../lib/tools-config.ts';
import { moved } from './tools-api.ts';
import { ToolsTab } from './tools-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stored = (): ToolConfig[] => TOOL_CATALOGUE.slice(0, 3).map((t) => ({ ...t }));

function show(table: Record<string, Handler>, client = testQueryClient()) {
  const calls = stubFetch(routes({ 'GET /api/tools/config': () => ok({ tools: stored() }), 'GET /api/admin/audit': () => ok({ entries: [] }), ...table }));
  render(
    <QueryClientProvider client={client}>
      <ToolsTab />
    </QueryClientProvider>,
  );
  return calls;
}

/** The server as the tab sees it: saves what it is sent, renumbered. */
const echo: Handler = (call) => {
  const sent = (call.body as { tools: Array<{ id: string; status: string; featured: boolean }> }).tools;
  return ok({ tools: sent.map((s, i) => ({ ...TOOL_CATALOGUE.find((t) => t.id === s.id)!, status: s.status, featured: s.featured, order: i + 1 })) });
};
const rows = () => within(screen.getByRole('list', { name: 'Tools in launcher order' })).getAllByRole('listitem');

describe('ToolsTab', () => {
  it('lists the tools in order with the move buttons disabled at the ends', async () => {
    show({});
    await screen.findByText('AI Image Morpher');
    expect(rows().map((r) => r.getAttribute('aria-label'))).toEqual(['AI Image Morpher', 'Mockup Generator', 'Thumbnail Generator']);
    expect((screen.getByRole('button', { name: 'Move AI Image Morpher up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Thumbnail Generator down' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Mockup Generator up' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('saves a status change, a move and featured at once, sending the whole list in order', async () => {
    const calls = show({ 'POST /api/admin/tools-config': echo });
    await screen.findByText('AI Image Morpher');
    fireEvent.change(screen.getByLabelText('Status of Mockup Generator'), { target: { value: 'disabled' } });
    await screen.findByText(/Hidden everywhere/);
    fireEvent.click(screen.getByRole('button', { name: 'Move Thumbnail Generator up' }));
    const featured = screen.getByRole('button', { name: 'Featured: Thumbnail Generator' });
    expect(featured.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(featured);
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3));
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body as { tools: Array<{ id: string; status: string; featured: boolean }> });
    expect(posts[0]!.tools.find((t) => t.id === 'mockup-generator')!.status).toBe('disabled');
    expect(posts[1]!.tools.map((t) => t.id)).toEqual(['image-variator', 'thumbnail-generator', 'mockup-generator']);
    expect(posts[2]!.tools.find((t) => t.id === 'thumbnail-generator')!.featured).toBe(true);
    await vi.waitFor(() => expect(rows().map((r) => r.getAttribute('aria-label'))).toEqual(['AI Image Morpher', 'Thumbnail Generator', 'Mockup Generator']));
    // A toggle button says whether it is on (issue 26 item 19).
    expect(screen.getByRole('button', { name: 'Featured: Thumbnail Generator' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("puts the list back and says 'Failed to save configuration' when a save fails", async () => {
    show({ 'POST /api/admin/tools-config': () => fail(500, 'INTERNAL') });
    await screen.findByText('AI Image Morpher');
    fireEvent.click(screen.getByRole('button', { name: 'Move Mockup Generator up' }));
    expect(await screen.findByText('Failed to save configuration')).toBeTruthy();
    expect(rows().map((r) => r.getAttribute('aria-label'))).toEqual(['AI Image Morpher', 'Mockup Generator', 'Thumbnail Generator']);
  });

  it('syncs with the catalogue after a confirmation and reports updated and skipped tools', async () => {
    const calls = show({ 'POST /api/admin/tools-sync': () => ok({ updated_count: 2, skipped_count: 1, skipped_tools: [{ id: 'old-tool', title: 'Old Tool' }] }) });
    await screen.findByText('AI Image Morpher');
    fireEvent.click(screen.getByRole('button', { name: 'Sync with catalogue' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText('Updated 2 tools. Skipped 1 not in the catalogue: Old Tool (old-tool).')).toBeTruthy();
  });

  it("reads the list afresh when it opens, not the shell's 5-minute copy (a save sends the whole list)", async () => {
    const client = testQueryClient();
    client.setQueryData(toolKeys.config, stored().map((t) => ({ ...t, status: 'disabled' as const })));
    const calls = show({}, client);
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.includes('/api/tools/config'))).toHaveLength(1));
    await waitFor(() => expect((screen.getByLabelText('Status of AI Image Morpher') as HTMLSelectElement).value).toBe('available'));
  });

  it("answers a failed load with the admin's lines: the server-error line for a 5xx, access denied for a 403", async () => {
    show({ 'GET /api/tools/config': () => fail(500, 'INTERNAL') });
    expect(await screen.findByText('Server error occurred while fetching admin data')).toBeTruthy();
    expect(screen.getByText('Admin Error')).toBeTruthy();
    cleanup();
    show({ 'GET /api/tools/config': () => fail(403, 'FORBIDDEN', 'Admins only') });
    expect(await screen.findByText('Access denied. Admin privileges required.')).toBeTruthy();
  });

  it('moved() renumbers and leaves the ends alone', () => {
    const list = stored();
    expect(moved(list, 'image-variator', -1).map((t) => t.id)).toEqual(list.map((t) => t.id));
    expect(moved(list, 'image-variator', 1).map((t) => [t.id, t.order])).toEqual([
      ['mockup-generator', 1],
      ['image-variator', 2],
      ['thumbnail-generator', 3],
    ]);
  });
});
