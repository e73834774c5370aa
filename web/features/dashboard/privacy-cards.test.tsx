// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DELETED_PAGE, pendingCheckoutMessage, type DataExport } from '../../../contract/privacy.ts';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { renderRoutes, testQueryClient } from '../../test-support/render.tsx';
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
  // A day from now: the card shows a ready export past its expiry as expired.
  expires_at: status === 'ready' ? new Date(Date.now() + 24 * 3_600_000).toISOString() : null,
  size_bytes: status === 'ready' ? 3_250_000 : null,
  download_url: status === 'ready' ? `/api/account/export/${ID}/download` : null,
  error: status === 'failed' ? 'The export could not be built. Please try again.' : null,
});

const renderIt = (ui: React.ReactNode) => render(<QueryClientProvider client={testQueryClient()}>{ui}</QueryClientProvider>);
const renderDelete = () =>
  renderRoutes(
    [
      { path: '/dashboard', element: <DeleteAccountCard email="jane@example.com" /> },
      { path: ACCOUNT_DELETED_PAGE, Component: () => <p>Account deleted page</p> },
    ],
    '/dashboard',
  );

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

  it('shows an export past its expiry as expired at once, with no download link (issue 26 item 6)', async () => {
    // A ready answer read just before it expired, and one the server already calls expired.
    const soon = new Date(Date.now() + 300).toISOString();
    stubFetch(routes({ 'GET /api/account/export': () => ok({ export: { ...exportOf('ready'), expires_at: soon } }) }));
    renderIt(<PrivacyExportCard />);
    expect(await screen.findByRole('link', { name: /Download ZIP/ })).toBeTruthy();
    expect(await screen.findByText('Your last export has expired', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Download ZIP/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export my data' })).toBeTruthy();
    cleanup();

    stubFetch(routes({ 'GET /api/account/export': () => ok({ export: { ...exportOf('ready'), status: 'expired', download_url: null } }) }));
    renderIt(<PrivacyExportCard />);
    expect(await screen.findByText('Your last export has expired')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Download ZIP/ })).toBeNull();
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.00 GB');
  });
});

describe('DeleteAccountCard', () => {
  it('enables the button only when the typed address matches (any case, spaces around), then deletes, signs out and says so', async () => {
    const calls = stubFetch(routes({ 'POST /api/account/delete': () => ok({ deleted: true }), 'POST /api/auth/logout': () => ok({ message: 'Logged out' }) }));
    const { router } = renderDelete();
    const button = screen.getByRole('button', { name: /Delete my account/ }) as HTMLButtonElement;
    const field = screen.getByLabelText('Type your email address to confirm');
    expect(button.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'jane@example.co' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(field, { target: { value: ' Jane@Example.com ' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    // Issue 26 item 2: it ended on the landing page with no word; now on the page that says the account is gone.
    await waitFor(() => expect(router.state.location.pathname).toBe(ACCOUNT_DELETED_PAGE));
    expect(await screen.findByText('Account deleted page')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/account/delete')).toHaveLength(1);
    expect((calls.find((c) => c.url === '/api/account/delete')!.body as { email: string }).email.trim()).toBe('Jane@Example.com');
  });

  it("shows the server's reason when deletion is blocked, links the test checkout that holds it up, and stays signed in", async () => {
    const checkout = { checkout_id: 'cs_test_abc', package_id: ID, package_name: 'Starter', payable_until: '2026-03-02T10:00:00.000Z', test: true };
    const message = pendingCheckoutMessage(checkout);
    const calls = stubFetch(routes({ 'POST /api/account/delete': () => fail(409, 'CONFLICT', message, { checkout }) }));
    const { router } = renderDelete();
    fireEvent.change(screen.getByLabelText('Type your email address to confirm'), { target: { value: 'jane@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /Delete my account/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your checkout of the Starter package can still be paid until Mar 2, 2026, 10:00 AM UTC.');
    expect(screen.getByRole('link', { name: 'Open that checkout' }).getAttribute('href')).toBe(`/checkout/test/${ID}?checkout=cs_test_abc`);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.some((c) => c.url === '/api/auth/logout')).toBe(false);
  });

  it('compares addresses as the server does', () => {
    expect(sameEmail('  A@B.com', 'a@b.com')).toBe(true);
    expect(sameEmail('a@b.co', 'a@b.com')).toBe(false);
  });
});
