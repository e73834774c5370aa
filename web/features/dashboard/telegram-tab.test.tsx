// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TELEGRAM_MESSAGES } from '../../../contract/telegram.ts';
import { setCsrfToken } from '../../lib/api.ts';
import { fail, ok, routes, stubFetch, type Handler } from '../../test-support/fetch-stub.ts';
import { renderTool } from '../../test-support/render.tsx';
import { TelegramTab } from './telegram-tab.tsx';

const status = (over: object = {}) =>
  ok({ connected: false, telegram_username: null, connected_at: null, last_updated: null, configured: true, bot_username: 'ampkit_bot', ...over });
const connected = () => status({ connected: true, telegram_username: 'sam_tg', connected_at: '2026-11-20T10:00:00Z', last_updated: '2026-11-21T10:00:00Z' });
const offline: Handler = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(() => {
  vi.stubGlobal('open', vi.fn(() => null));
  setCsrfToken('csrf-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe('the dashboard Telegram tab', () => {
  it("without a bot tells a creator it is not available yet, and nothing of the operator's settings (issue 26 item 15)", async () => {
    stubFetch(routes({ 'GET /api/telegram/status': () => status({ configured: false, bot_username: null }) }));
    const { container } = renderTool(<TelegramTab />);
    expect(await screen.findByText('Telegram is not available on this site yet')).toBeTruthy();
    for (const operatorText of ['TELEGRAM_', 'webhook', 'operator', '/api/']) expect(container.textContent).not.toContain(operatorText);
    expect(screen.queryByRole('button', { name: 'Connect Telegram' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Bot commands' })).toBeNull();
  });

  it('connects through the deep link in a new tab, then checks the status again', async () => {
    let linked = false;
    const calls = stubFetch(
      routes({
        'GET /api/telegram/status': () => (linked ? connected() : status()),
        'POST /api/telegram/generate-link': () => ok({ deep_link: 'https://t.me/ampkit_bot?start=tok', expires_at: '2026-11-24T10:15:00Z' }),
      }),
    );
    renderTool(<TelegramTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Telegram' }));
    await waitFor(() => expect(window.open).toHaveBeenCalledWith('https://t.me/ampkit_bot?start=tok', '_blank', 'noopener,noreferrer'));
    expect(screen.getByRole('link', { name: 'open the link' }).getAttribute('href')).toBe('https://t.me/ampkit_bot?start=tok');
    expect(calls.find((c) => c.method === 'POST')!.headers['x-csrf-token']).toBe('csrf-1');
    linked = true;
    fireEvent.click(screen.getByRole('button', { name: 'Check Connection Status' }));
    expect(await screen.findByText('@sam_tg')).toBeTruthy();
  });

  it('sends a test message and disconnects after the spec confirmation', async () => {
    stubFetch(
      routes({
        'GET /api/telegram/status': connected,
        'POST /api/telegram/test-message': () => ok({ sent: true }),
        'DELETE /api/telegram/connection': () => ok({ disconnected: true }),
      }),
    );
    renderTool(<TelegramTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send test message' }));
    expect(await screen.findByText('Test message sent. Check your Telegram chat.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(TELEGRAM_MESSAGES.confirmDisconnect)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('button', { name: 'Connect Telegram' })).toBeTruthy();
  });

  it.each([
    ['status', 'GET /api/telegram/status', TELEGRAM_MESSAGES.statusFailed, TELEGRAM_MESSAGES.statusNetwork],
    ['link', 'POST /api/telegram/generate-link', TELEGRAM_MESSAGES.linkFailed, TELEGRAM_MESSAGES.linkNetwork],
    ['test', 'POST /api/telegram/test-message', TELEGRAM_MESSAGES.testFailed, TELEGRAM_MESSAGES.testNetwork],
    ['revoke', 'DELETE /api/telegram/connection', TELEGRAM_MESSAGES.revokeFailed, TELEGRAM_MESSAGES.revokeNetwork],
  ])('%s: a failed answer and a network error show the spec strings', async (what, route, failed, network) => {
    for (const [handler, message] of [
      [() => fail(502, 'AI_PROVIDER_ERROR', 'Telegram did not answer as expected'), failed],
      [offline, network],
    ] as const) {
      stubFetch(routes({ 'GET /api/telegram/status': what === 'link' ? status : connected, [route]: handler }));
      renderTool(<TelegramTab />);
      if (what === 'link') fireEvent.click(await screen.findByRole('button', { name: 'Connect Telegram' }));
      if (what === 'test') fireEvent.click(await screen.findByRole('button', { name: 'Send test message' }));
      if (what === 'revoke') {
        fireEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
      }
      await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(0));
      cleanup();
      vi.unstubAllGlobals();
      vi.stubGlobal('open', vi.fn(() => null));
    }
  });
});
