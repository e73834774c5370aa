// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PricingEntry, TranscriptionSettings } from '../../../contract/admin-settings.ts';
import { DEVELOPMENT_HOST_META } from '../../../contract/pages.ts';
import { fail, ok, routes, stubFetch, type Handler } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { PricingSection } from './pricing-section.tsx';
import { TelegramSection } from './telegram-section.tsx';
import { TranscriptionSettingsSection } from './transcription-settings-section.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.head.querySelector(`meta[name="${DEVELOPMENT_HOST_META}"]`)?.remove();
});

function show(element: ReactElement, table: Record<string, Handler>) {
  const calls = stubFetch(routes({ 'GET /api/admin/audit': () => ok({ entries: [] }), ...table }));
  render(<QueryClientProvider client={testQueryClient()}>{element}</QueryClientProvider>);
  return calls;
}
const posts = (calls: ReturnType<typeof stubFetch>) => calls.filter((c) => c.method === 'POST');

const settings: TranscriptionSettings = {
  provider: 'auto',
  pricing_per_minute: '0.0500',
  is_default: true,
  auto_engine: 'Deepgram',
  providers: [
    { id: 'auto', label: 'Automatic (server setting)', configured: true },
    { id: 'deepgram', label: 'Deepgram', configured: true },
    { id: 'openai', label: 'OpenAI Whisper', configured: false },
    { id: 'local', label: 'Local draft engine', configured: false },
  ],
};

describe('TranscriptionSettingsSection', () => {
  it('shows the provider and price, marks engines that are not configured, and saves', async () => {
    const calls = show(<TranscriptionSettingsSection />, {
      'GET /api/admin/settings/transcription': () => ok(settings),
      'POST /api/admin/settings/transcription': (call) => ok({ ...settings, ...(call.body as object), is_default: false }),
    });
    const select = (await screen.findByLabelText('Transcription provider')) as HTMLSelectElement;
    expect(select.value).toBe('auto');
    expect(screen.getByRole('option', { name: 'Automatic (server setting: Deepgram)' })).toBeTruthy();
    expect((screen.getByRole('option', { name: 'OpenAI Whisper (not configured)' }) as HTMLOptionElement).disabled).toBe(true);
    const price = screen.getByLabelText('Provider cost per minute (USD)') as HTMLInputElement;
    expect(price.value).toBe('0.05');
    expect(price.step).toBe('0.01');
    fireEvent.change(select, { target: { value: 'deepgram' } });
    fireEvent.change(price, { target: { value: '0.0043' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Transcription settings saved.')).toBeTruthy();
    expect(posts(calls).map((c) => c.body)).toEqual([{ provider: 'deepgram', pricing_per_minute: '0.0043' }]);
  });

  it("says 'Failed to save configuration' with the server's reason", async () => {
    show(<TranscriptionSettingsSection />, {
      'GET /api/admin/settings/transcription': () => ok(settings),
      'POST /api/admin/settings/transcription': () => fail(400, 'VALIDATION_ERROR', 'The Deepgram engine is not configured on this server.'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save configuration: The Deepgram engine is not configured on this server.')).toBeTruthy();
  });
});

const entry = (id: number, service_type: string, in_use: boolean): PricingEntry => ({
  id,
  service_type,
  service_variant: 'standard',
  user_cost_credits: '0.2500',
  actual_cost_usd: '0.04',
  description: `<b>${service_type}</b>`,
  margin_percent: '84.0',
  in_use,
  updated_at: '2026-01-01T00:00:00Z',
});

describe('PricingSection', () => {
  const table = (extra: Record<string, Handler> = {}) => ({
    'GET /api/admin/settings/pricing': () => ok({ pricing: [entry(1, 'caption', true), entry(2, 'image_variation', false)] }),
    ...extra,
  });

  it('lists prices with their margin as text, and offers no delete for a price a tool charges', async () => {
    show(<PricingSection />, table());
    const row = (await screen.findByRole('rowheader', { name: /image_variation/ })).closest('tr')!;
    expect(within(row).getByText('84.0%')).toBeTruthy();
    expect(within(row).getByText('<b>image_variation</b>')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete caption (standard)' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Copy to production' })).toBeNull();
  });

  it("creates a price: 'Service type is required' without a call, then the server's 409 under 'Failed to create pricing'", async () => {
    let answer: Handler = () => fail(409, 'CONFLICT', 'A price for voice (standard) already exists.');
    const calls = show(<PricingSection />, table({ 'POST /api/admin/settings/pricing/create': (c) => answer(c) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add price' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Price (credits)'), { target: { value: '1.2345' } });
    expect((within(dialog).getByLabelText('Price (credits)') as HTMLInputElement).step).toBe('0.0001');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add price' }));
    expect(await within(dialog).findByText('Service type is required')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Service type'), { target: { value: 'voice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add price' }));
    expect(await within(dialog).findByText('Failed to create pricing: A price for voice (standard) already exists.')).toBeTruthy();
    answer = (c) => ok({ entry: { ...entry(3, 'voice', false), ...(c.body as object) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add price' }));
    expect(await screen.findByText('Added voice (standard).')).toBeTruthy();
    expect(posts(calls).at(-1)!.body).toEqual({ service_type: 'voice', service_variant: 'standard', user_cost_credits: '1.2345', actual_cost_usd: '0', description: '' });
  });

  it('edits a price in a dialog', async () => {
    const calls = show(<PricingSection />, table({ 'POST /api/admin/settings/pricing/update': () => fail(500, 'INTERNAL') }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit caption (standard)' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Price (credits)') as HTMLInputElement).value).toBe('0.25');
    fireEvent.change(within(dialog).getByLabelText('Price (credits)'), { target: { value: '0.3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save price' }));
    expect(await within(dialog).findByText('Failed to update pricing')).toBeTruthy();
    expect(posts(calls)[0]!.body).toMatchObject({ id: 1, user_cost_credits: '0.3' });
  });

  it('deletes after a confirmation, and syncs reporting the count', async () => {
    const calls = show(
      <PricingSection />,
      table({
        'POST /api/admin/settings/pricing/delete': () => ok({ deleted: true, id: 2 }),
        'POST /api/admin/pricing-sync': () => fail(500, 'INTERNAL'),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete image_variation (standard)' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted image_variation (standard).')).toBeTruthy();
    expect(posts(calls)[0]!.body).toEqual({ id: 2 });

    fireEvent.click(screen.getByRole('button', { name: 'Sync pricing' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText('Failed to sync pricing')).toBeTruthy();
  });

  it("offers the copy to production on a development host only, with 'Failed to sync to prod' and the reason", async () => {
    const meta = document.createElement('meta');
    meta.name = DEVELOPMENT_HOST_META;
    document.head.append(meta);
    show(<PricingSection />, table({ 'POST /api/admin/pricing-sync-to-prod': () => fail(503, 'SERVICE_UNAVAILABLE', 'Copy to production is not configured.') }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy to production' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Failed to sync to prod: Copy to production is not configured.')).toBeTruthy();
  });
});

describe('TelegramSection', () => {
  it('tells the admin whether the bot is on and names the settings that run it (issue 26 item 15)', async () => {
    show(<TelegramSection />, { 'GET /api/site': () => ok({ legal: { entity_name: 'A', jurisdiction: 'B' }, testimonials: [], video: null, telegram_bot: false }) });
    expect(await screen.findByText('The bot is off')).toBeTruthy();
    for (const setting of ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_WEBHOOK_SECRET', 'TELEGRAM_API_ROOT']) expect(screen.getAllByText(setting).length).toBeGreaterThan(0);
  });

  it('says the bot is on when the server has it', async () => {
    show(<TelegramSection />, { 'GET /api/site': () => ok({ legal: { entity_name: 'A', jurisdiction: 'B' }, testimonials: [], video: null, telegram_bot: true }) });
    expect(await screen.findByText('The bot is on')).toBeTruthy();
  });
});
