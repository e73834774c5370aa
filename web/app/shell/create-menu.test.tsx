// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOL_CATALOGUE, type ToolConfig } from '../../../contract/tools.ts';
import { JOB_RUNNING_HINT, setJobRunning } from '../../lib/job-running.ts';
import { ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { renderPage } from '../../test-support/render.tsx';
import { CreateMenu } from './create-menu.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setJobRunning(false);
});

const tools: ToolConfig[] = TOOL_CATALOGUE.map((tool, index) => ({
  ...tool,
  status: index === 0 ? 'available' : index === 1 ? 'beta' : index === 2 ? 'disabled' : 'coming-soon',
}));

describe('CreateMenu', () => {
  it('lists All Tools plus available and beta tools', async () => {
    stubFetch(routes({ 'GET /api/tools/config': () => ok({ tools }) }));
    renderPage(<CreateMenu />, '/');
    await act(async () => {});
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const links = (await screen.findAllByRole('link')).map((link) => link.textContent);
    expect(links[0]).toBe('All Tools');
    expect(links.slice(1).map((text) => text?.split(TOOL_CATALOGUE[0]!.shortDescription)[0])).toHaveLength(2);
    expect(screen.getByRole('link', { name: /AI Image Morpher/ }).getAttribute('href')).toBe('/tools/image-variator');
    expect(screen.getByRole('link', { name: /Mockup Generator/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Thumbnail Generator/ })).toBeNull();
    // A beta tool says so (issue 26 item 19); an available one does not.
    expect(screen.getByRole('link', { name: /Mockup Generator/ }).textContent).toContain('Beta');
    expect(screen.getByRole('link', { name: /AI Image Morpher/ }).textContent).not.toContain('Beta');
  });

  it('is disabled with a hint while a job runs', async () => {
    stubFetch(routes({ 'GET /api/tools/config': () => ok({ tools }) }));
    renderPage(<CreateMenu />, '/');
    act(() => setJobRunning(true));
    const button = screen.getByRole('button', { name: 'Create' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('title')).toBe(JOB_RUNNING_HINT);
    expect(screen.getByText(JOB_RUNNING_HINT)).toBeTruthy();
    act(() => setJobRunning(false));
    expect((screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
