// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataExport } from '../../../contract/privacy.ts';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { DeleteAccountCard, sameEmail } from './delete-account-card.tsx';
import { formatBytes, PrivacyExportCard } from './privacy-export-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ID = '3b7a6f1e-8a43-4d61-9c1b-1b2a9e0c4d55';
const exportOf = (status: DataExport['status']): DataExport => ({
  id: ID,
  status,
  created_at: '2026-03-01T10:00:00Z',
  completed_at: status === 'ready' ? '2026-03-01T10:01:00Z' : null,
  expires_at: status === 'ready' ? '2026-03-02T10:01:00Z' : null,
  size_bytes: status === 'ready' ? 3_250_000 : null,
  download_url: status === 'ready' ? `/api/account/export/${ID}/download` : null,
  error: status === 'failed' ? 'The export could not be built. Please try again.' : null,
});

const renderIt = (ui: React.ReactNode) => render(<QueryClientProvider client={testQueryClient()}>{ui}</QueryClientProvider>);

describe('PrivacyExportCard', () => {
  it('starts an export, shows it being prepared, then offers the ZIP with its size and expiry', async () => {
    let current: DataExport | null = null;
    let reads = 0;
    const calls = stubFetch(
      routes({
        'GET /api/account/export': () => {
          reads++;
          // Ready on the second read after the start: the card polls while it runs.
          if (current?.status === 'pending' && reads > 2) current = exportOf('ready');
          return ok({ export: current });
        },
        'POST /api/account/export': () => {
          current = exportOf('pending');
          return ok({ export: current });
        },
      }),
    );
    renderIt(<PrivacyExportCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText(/Preparing your ZIP/)).toBeTruthy();
    const link = await screen.findByRole('link', { name: /Download ZIP/ }, { timeout: 6000 });
    expect(link.getAttribute('href')).toBe(`/api/account/export/${ID}/download`);
    expect(screen.getByText(/3\.1 MB · Available until/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start a new export' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  }, 10_000);

  it('shows a running export (409 from another tab) instead of an error, and a failed one with its message', async () => {
    let current: DataExport | null = exportOf('failed');
    stubFetch(
      routes({
        'GET /api/account/export': () => ok({ export: current }),
        'POST /api/account/export': () => {
          current = exportOf('running');
          return fail(409, 'CONFLICT', 'An export is already being prepared. Wait for it to finish.', { export: current });
        },
      }),
    );
    renderIt(<PrivacyExportCard />);
    expect(await screen.findByText('The export could not be built. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText(/Preparing your ZIP/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.00 GB');
  });
});

describe('DeleteAccountCard', () => {
  it('enables the button only when the typed address matches (any case, spaces around), then deletes and signs out', async () => {
    const onDeleted = vi.fn();
    const calls = stubFetch(routes({ 'POST /api/account/delete': () => ok({ deleted: true }) }));
    renderIt(<DeleteAccountCard email="jane@example.com" onDeleted={onDeleted} />);
    const button = screen.getByRole('button', { name: /Delete my account/ }) as HTMLButtonElement;
    const field = screen.getByLabelText('Type your email address to confirm');
    expect(button.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'jane@example.co' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(field, { target: { value: ' Jane@Example.com ' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(calls).toHaveLength(1);
    expect((calls[0]!.body as { email: string }).email.trim()).toBe('Jane@Example.com');
  });

  it("shows the server's reason when deletion is blocked, and stays signed in", async () => {
    const onDeleted = vi.fn();
    stubFetch(routes({ 'POST /api/account/delete': () => fail(409, 'CONFLICT', 'A purchase is still being processed.') }));
    renderIt(<DeleteAccountCard email="jane@example.com" onDeleted={onDeleted} />);
    fireEvent.change(screen.getByLabelText('Type your email address to confirm'), { target: { value: 'jane@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /Delete my account/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('A purchase is still being processed.');
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('compares addresses as the server does', () => {
    expect(sameEmail('  A@B.com', 'a@b.com')).toBe(true);
    expect(sameEmail('a@b.co', 'a@b.com')).toBe(false);
  });
});
