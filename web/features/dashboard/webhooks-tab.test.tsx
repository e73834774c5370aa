// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '../../../contract/webhooks.ts';
import { ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { WebhooksTab } from './webhooks-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const endpoint: WebhookEndpoint = {
  id: 'e1',
  url: 'https://hooks.example.com/a',
  events: ['generation.completed'],
  created_at: '2026-11-20T10:00:00Z',
  disabled_at: null,
  failing_since: '2026-11-21T10:00:00Z',
};
const delivery: WebhookDelivery = {
  id: 'd1',
  event_id: 'ev1',
  event_type: 'generation.completed',
  status: 'failed',
  attempts: 30,
  last_status_code: 500,
  last_error: 'answered 500',
  created_at: '2026-11-21T10:00:00Z',
  delivered_at: null,
  next_attempt_at: null,
};

describe('WebhooksTab', () => {
  it('adds an endpoint with the chosen events and shows its secret once; lists deliveries and redelivers one', async () => {
    let list = [endpoint];
    const calls = stubFetch(
      routes({
        'GET /api/account/webhooks': () => ok({ endpoints: list, max_endpoints: 10 }),
        'POST /api/account/webhooks': (call) => {
          const body = call.body as { url: string; events: WebhookEndpoint['events'] };
          list = [{ ...endpoint, id: 'e2', url: body.url, events: body.events, failing_since: null }, ...list];
          return ok({ id: 'e2', secret: 'whsec_abc', url: body.url, events: body.events });
        },
        'GET /api/account/webhooks/e1/deliveries': () => ok({ deliveries: [delivery] }),
        'POST /api/account/webhooks/e1/deliveries/d1/redeliver': () => ok({ ...delivery, status: 'pending' }),
      }),
    );
    render(
      <QueryClientProvider client={testQueryClient()}>
        <WebhooksTab />
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByRole('listitem');
    expect(within(rows[0]!).getByText('Failing')).toBeTruthy();
    // Every event is offered.
    for (const event of ['generation.completed', 'batch.completed', 'credits.low', 'payment.succeeded']) {
      expect(screen.getByRole('checkbox', { name: new RegExp(event.replace('.', '\\.')) })).toBeTruthy();
    }

    fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'ftp:/nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(/starting with https:\/\//)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'https://hooks.example.com/b' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /generation.failed/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /batch.completed/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(((await screen.findByLabelText('Signing secret of the new endpoint')) as HTMLInputElement).value).toBe('whsec_abc');

    // The new endpoint is listed first; the older one has the deliveries.
    await vi.waitFor(() => expect(screen.getAllByRole('button', { name: 'Deliveries' })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'Deliveries' })[1]!);
    const deliveries = await screen.findByRole('list', { name: 'Deliveries' });
    expect(within(deliveries).getByText(/30 attempts · HTTP 500/)).toBeTruthy();
    fireEvent.click(within(deliveries).getByRole('button', { name: /Redeliver generation.completed/ }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/redeliver'))).toBe(true));

    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/account/webhooks')!.body).toEqual({
      url: 'https://hooks.example.com/b',
      events: ['generation.completed', 'batch.completed'],
    });
  });
});
