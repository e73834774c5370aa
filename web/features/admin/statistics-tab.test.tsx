// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminStatistics, PopularPrompt } from '../../../contract/admin-statistics.ts';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { StatisticsTab } from './statistics-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const prompt = (n: number, overrides: Partial<PopularPrompt> = {}): PopularPrompt => ({
  tool_name: 'ai-headshot',
  prompt: `prompt ${n}`,
  prompt_length: 8,
  word_count: 2,
  usage_count: 100 - n,
  success_rate: 90,
  avg_generation_time: 12.5,
  length_category: 'short',
  ...overrides,
});

function answer(days: number): AdminStatistics {
  return {
    action: 'overview',
    days,
    since: '2026-03-01T00:00:00.000Z',
    generated_at: '2026-03-31T10:00:00.000Z',
    tool_usage: [
      {
        tool_name: 'ai-headshot',
        total_usage: days * 1000,
        unique_users: 2400,
        avg_success_rate: 96.25,
        total_credits: '15000.5000',
        total_files: 14000,
        total_size_mb: 2048.5,
        revenue_usd: '15000.5000',
        actual_cost_usd: '1200.0000',
        margin_percent: 92,
      },
      { tool_name: 'transcription', total_usage: 12, unique_users: 3, avg_success_rate: null, total_credits: '0.0000', total_files: 0, total_size_mb: 0, revenue_usd: '0.0000', actual_cost_usd: '0.0000', margin_percent: null },
    ],
    user_behavior: { total_active_users: 2500, new_users: 310, total_sessions: 1_250_000, avg_session_duration: 200, total_generations: days * 1000 + 12, avg_bounce_rate: 41.5 },
    popular_prompts: [prompt(0, { prompt: '<img src=x onerror=alert(1)>' }), ...Array.from({ length: 19 }, (_, i) => prompt(i + 1))],
  };
}

function show(handler = (days: number) => ok(answer(days))) {
  const calls = stubFetch(routes({ 'GET /api/admin/statistics': (call) => handler(Number(new URL(call.url, 'http://x').searchParams.get('days'))) }));
  render(
    <QueryClientProvider client={testQueryClient()}>
      <StatisticsTab />
    </QueryClientProvider>,
  );
  return calls;
}

describe('StatisticsTab', () => {
  it('loads the last 30 days and shows the overview in K and M with the generation time', async () => {
    const calls = show();
    expect(await screen.findByText('30K')).toBeTruthy();
    expect(calls[0]!.url).toContain('action=overview');
    expect(calls[0]!.url).toContain('days=30');
    expect(screen.getByRole('radio', { name: '30 days' })).toHaveProperty('checked', true);
    expect(screen.getByText('2.5K')).toBeTruthy();
    expect(screen.getByText(/Last 30 days · generated Mar 31, 2026/)).toBeTruthy();
    expect(screen.getByText('92%')).toBeTruthy();
  });

  it('switches the range, asking again, and the sub-tabs without asking', async () => {
    const calls = show();
    await screen.findByText('30K');
    fireEvent.click(screen.getByRole('radio', { name: '365 days' }));
    expect(await screen.findByText('365K')).toBeTruthy();
    expect(calls.at(-1)!.url).toContain('days=365');
    const asked = calls.length;

    fireEvent.click(screen.getByRole('tab', { name: 'Tools' }));
    const table = screen.getByRole('table', { name: 'Usage per tool' });
    const headshot = within(table).getByText('AI Headshot Generator').closest('tr')!;
    expect(within(headshot).getByText('96.3%')).toBeTruthy();
    expect(within(headshot).getByText('15K')).toBeTruthy();
    expect(within(headshot).getByText('$1,200.00')).toBeTruthy();
    expect(within(headshot).getByText('92%')).toBeTruthy();
    const transcription = within(table).getByText('Audio Transcription').closest('tr')!;
    expect(within(transcription).getAllByText('—')).toHaveLength(2);

    fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
    expect(screen.getByText('1.3M')).toBeTruthy();
    expect(screen.getByText('3m 20s')).toBeTruthy();
    expect(screen.getByText('41.5%')).toBeTruthy();
    expect(calls.length).toBe(asked);
  });

  it('lists the top 20 prompts as text, never as HTML', async () => {
    show();
    await screen.findByText('30K');
    fireEvent.click(screen.getByRole('tab', { name: 'Prompts' }));
    const table = screen.getByRole('table', { name: 'Top 20 prompts' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(table.querySelector('img')).toBeNull();
    expect(within(table).getAllByText('12.5s').length).toBe(20);
  });

  it("says 'Server error occurred while fetching statistics' on a 500 and denies access on a 403", async () => {
    show(() => fail(500, 'INTERNAL', 'boom'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Admin Error');
    expect(alert.textContent).toContain('Server error occurred while fetching statistics');
    cleanup();
    vi.unstubAllGlobals();
    show(() => fail(403, 'FORBIDDEN', 'nope'));
    expect((await screen.findByRole('alert')).textContent).toContain('Access denied. Admin privileges required.');
  });
});
