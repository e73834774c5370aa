// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderStatusAnswer } from '../../../contract/admin-providers.ts';
import { fail, ok, routes, stubFetch, type Handler } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { ProviderStatusSection, timeAgo } from './provider-status-section.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(answer: Handler) {
  stubFetch(routes({ 'GET /api/admin/settings/providers': answer }));
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ProviderStatusSection />
    </QueryClientProvider>,
  );
}

const providers: ProviderStatusAnswer['providers'] = [
  {
    name: 'Gemini',
    configured: true,
    settings: [
      { setting: 'GEMINI_IMAGE_MODEL', value: 'gemini-2.5-flash-image' },
      { setting: 'GEMINI_TEXT_MODEL', value: 'gemini-2.5-flash' },
    ],
  },
  { name: 'Replicate', configured: false, settings: [{ setting: 'REPLICATE_UPSCALE_VERSION', value: null }] },
];
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

describe('ProviderStatusSection', () => {
  it('names the setting to change, the model, the reason, how many failed and when, with the retirement page', async () => {
    show(() =>
      ok({
        providers,
        problems: [
          {
            provider: 'Gemini',
            setting: 'GEMINI_IMAGE_MODEL',
            model: 'gemini-2.5-flash-image',
            reason: 'the model is retired or unknown',
            failures: 12,
            first_at: minutesAgo(600),
            last_at: minutesAgo(5),
          },
        ],
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('1 setting to change: providers refused them in the last 7 days')).toBeTruthy();
    const line = within(alert).getAllByRole('listitem')[0]!;
    expect(line.textContent).toContain(
      'Gemini: set GEMINI_IMAGE_MODEL (now gemini-2.5-flash-image): the model is retired or unknown — 12 failed generations, last 5 min ago',
    );
    expect(within(alert).getByRole('link', { name: 'ai.google.dev/gemini-api/docs/deprecations' }).getAttribute('href')).toBe(
      'https://ai.google.dev/gemini-api/docs/deprecations',
    );

    const list = screen.getByRole('list', { name: 'AI providers' });
    const [gemini, replicate] = within(list).getAllByRole('listitem');
    expect(within(gemini!).getByText('Configured')).toBeTruthy();
    expect(within(gemini!).getByText('Failing: change it')).toBeTruthy();
    expect(within(gemini!).getByText('gemini-2.5-flash')).toBeTruthy();
    expect(within(replicate!).getByText('Not configured')).toBeTruthy();
    expect(within(replicate!).getByText('not set')).toBeTruthy();
  });

  it('says when the failing model was changed since, leaves its setting unmarked, and gives a key problem no retirement page', async () => {
    const problem = { failures: 2, first_at: minutesAgo(90), last_at: minutesAgo(61) };
    show(() =>
      ok({
        providers,
        problems: [
          { ...problem, provider: 'Gemini', setting: 'GEMINI_IMAGE_MODEL', model: 'gemini-2.0-flash-image', reason: 'the model is retired or unknown' },
          { ...problem, provider: 'Replicate', setting: 'REPLICATE_API_TOKEN', model: null, reason: 'the account is out of credits' },
        ],
      }),
    );
    const alert = await screen.findByRole('alert');
    const [gemini, replicate] = within(alert).getAllByRole('listitem');
    expect(gemini!.textContent).toContain('last 1 h ago');
    expect(gemini!.textContent).toContain('Since changed: this server now uses gemini-2.5-flash-image.');
    expect(replicate!.textContent).toBe('Replicate: set REPLICATE_API_TOKEN: the account is out of credits — 2 failed generations, last 1 h ago');
    expect(within(replicate!).queryByRole('link')).toBeNull();
    expect(within(gemini!).getByRole('link').getAttribute('href')).toBe('https://ai.google.dev/gemini-api/docs/deprecations');
    expect(screen.queryByText('Failing: change it')).toBeNull();
  });

  it('says nothing needs changing when no provider refused its settings', async () => {
    show(() => ok({ providers, problems: [] }));
    expect(await screen.findByText('No provider refused its settings in the last 7 days.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Failing: change it')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Gemini' })).toBeTruthy();
  });

  it('shows the admin load error when the call fails', async () => {
    show(() => fail(500, 'INTERNAL', 'Boom'));
    expect(within(await screen.findByRole('alert')).getByText('Error loading admin component')).toBeTruthy();
  });
});

describe('timeAgo', () => {
  it.each([
    [0.5, 'just now'],
    [5, '5 min ago'],
    [125, '2 h ago'],
    [60 * 24, '1 day ago'],
    [60 * 24 * 3 + 5, '3 days ago'],
  ])('%s minutes → %s', (minutes, text) => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(timeAgo(new Date(now - minutes * 60_000).toISOString(), now)).toBe(text);
  });
});
