// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '../../../contract/api-keys.ts';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { ApiKeysTab } from './api-keys-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const KEY = `ak_test_${'x'.repeat(32)}`;
const key = (id: string, name: string, last_used_at: string | null = null): ApiKey => ({
  id,
  name,
  prefix: `ak_test_${id.slice(0, 4)}`,
  scopes: ['generate', 'files:read'],
  created_at: '2026-11-20T10:00:00Z',
  last_used_at,
  monthly_cap: null,
  spent_this_month: '0',
});

function renderTab() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ApiKeysTab />
    </QueryClientProvider>,
  );
}

describe('ApiKeysTab', () => {
  it('creates a key with a name and scopes, shows it once, and revokes a key after confirming', async () => {
    let list = [key('aaaa1111', 'Zapier', '2026-11-21T09:30:00Z')];
    const calls = stubFetch(
      routes({
        'GET /api/account/api-keys': () => ok({ keys: list, max_keys: 10 }),
        'POST /api/account/api-keys': (call) => {
          const body = call.body as { name: string; scopes: ApiKey['scopes']; monthly_cap?: string };
          const made = { ...key('bbbb2222', body.name), scopes: body.scopes, monthly_cap: body.monthly_cap ? `${body.monthly_cap}.0000` : null };
          list = [made, ...list];
          return ok({ id: made.id, key: KEY, prefix: made.prefix, name: made.name, scopes: made.scopes, created_at: made.created_at, monthly_cap: made.monthly_cap });
        },
        'DELETE /api/account/api-keys/aaaa1111': () => {
          list = list.filter((k) => k.id !== 'aaaa1111');
          return ok({ revoked: true });
        },
      }),
    );
    renderTab();
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText(/Last used/)).toBeTruthy();
    expect(screen.getByText('1 of 10 keys. A revoked key stops working at once.')).toBeTruthy();

    // Nothing is sent without a name.
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(/Give the key a name/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'Nightly thumbnails' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /files:read/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /account:read/ }));
    // A cap that is not an amount is refused before anything is sent.
    fireEvent.change(screen.getByLabelText(/Monthly cap in credits/), { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(/Enter the monthly cap as an amount of credits/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(screen.getByLabelText(/Monthly cap in credits/), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(((await screen.findByLabelText('Your new API key')) as HTMLInputElement).value).toBe(KEY);
    expect(screen.getByText(/it will not be shown again/)).toBeTruthy();
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(within(screen.getAllByRole('listitem')[0]!).getByText(/Never used/)).toBeTruthy();
    expect(within(screen.getAllByRole('listitem')[0]!).getByText(/0\.00 of its 25\.00 credits this month/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Your new API key')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Revoke the key Zapier/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/stop working at once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));

    expect(calls.filter((c) => c.method !== 'GET').map((c) => [`${c.method} ${c.url}`, c.body])).toEqual([
      ['POST /api/account/api-keys', { monthly_cap: '25', name: 'Nightly thumbnails', scopes: ['generate', 'account:read'] }],
      ['DELETE /api/account/api-keys/aaaa1111', undefined],
    ]);
  });

  it("shows the server's refusal, and closes the form at 10 keys", async () => {
    const ten = Array.from({ length: 10 }, (_, i) => key(`k${i}000000`, `Key ${i}`));
    stubFetch(
      routes({
        'GET /api/account/api-keys': () => ok({ keys: ten, max_keys: 10 }),
        'POST /api/account/api-keys': () => fail(409, 'CONFLICT', 'You have 10 API keys, the most an account may hold.'),
      }),
    );
    renderTab();
    expect(await screen.findByText(/You have 10 keys, the most an account may hold/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create key' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Key name') as HTMLInputElement).disabled).toBe(true);
  });
});
