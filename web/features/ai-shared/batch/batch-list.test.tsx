// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchPagePath, batchSummary } from '../../../../contract/batches.ts';
import { BATCH_ID, batchOf, doneItem, refusedItem } from '../../../test-support/batches.ts';
import { ok, routes, stubFetch } from '../../../test-support/fetch-stub.ts';
import { renderPage } from '../../../test-support/render.tsx';
import { BatchStrip, RecentBatches } from './batch-list.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A finished batch as the list answers it (the summary: no items). */
const finishedBatch = () =>
  batchSummary.parse(
    batchOf([doneItem('beach.jpg', '00000000-0000-4000-8000-00000000f001'), refusedItem('notes.png'), doneItem('city.jpg', '00000000-0000-4000-8000-00000000f002')]),
  );

describe('Batches in the gallery and on the dashboard', () => {
  it('the gallery shows each batch as a group of its results, linking to its page', async () => {
    stubFetch(routes({ 'GET /api/batches': () => ok({ batches: [finishedBatch()] }) }));
    renderPage(<BatchStrip />, '/gallery');
    const group = await screen.findByRole('link', { name: /Thumbnail Generator batch/ });
    expect(group.getAttribute('href')).toBe(batchPagePath(BATCH_ID));
    expect(within(group).getByText(/2 done, 1 failed/)).toBeTruthy();
    const thumbnails = group.querySelectorAll('img');
    expect([...thumbnails].map((img) => img.getAttribute('src'))).toEqual([
      '/api/files/thumbnail/00000000-0000-4000-8000-00000000f001',
      '/api/files/thumbnail/00000000-0000-4000-8000-00000000f002',
    ]);
  });

  it('shows nothing before the first batch', async () => {
    const calls = stubFetch(routes({ 'GET /api/batches': () => ok({ batches: [] }) }));
    const { container } = renderPage(
      <>
        <BatchStrip />
        <RecentBatches />
      </>,
      '/gallery',
    );
    await vi.waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/batches'))).toBe(true));
    expect(container.textContent).toBe('');
  });
});
