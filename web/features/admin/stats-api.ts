import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminReferrerResponse, adminStatisticsResponse, type StatisticsDays } from '../../../contract/admin-statistics.ts';
import { toolTitle } from '../../../contract/tools.ts';
import { api, parseAnswer } from '../../lib/api.ts';
import { adminKeys } from './admin-api.ts';

/**
 * GET /api/admin/statistics?action=overview&days: every section comes in one answer, so the sub-tabs (overview,
 * tools, prompts, users) are views of one cached load per range, and switching them fetches nothing.
 */
export const statisticsQuery = (days: StatisticsDays) =>
  queryOptions({
    queryKey: [...adminKeys.tab('statistics'), days] as const,
    queryFn: async () => parseAnswer(adminStatisticsResponse, await api.get<unknown>('/admin/statistics', { query: { action: 'overview', days } }), 'Failed to load statistics'),
    // The previous range stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/referrer-stats[?days]: null = every visit kept. */
export const referrerQuery = (days: number | null) =>
  queryOptions({
    queryKey: [...adminKeys.tab('referrers'), days ?? 'all'] as const,
    queryFn: async () =>
      parseAnswer(adminReferrerResponse, await api.get<unknown>('/admin/referrer-stats', { query: days === null ? {} : { days } }), 'Failed to load referrer statistics'),
    placeholderData: keepPreviousData,
  });

/** A tool id as its definition titles it ('ai-headshot' → 'AI Headshot Generator'); an unknown id as it is. */
export function statisticsToolLabel(id: string): string {
  return toolTitle(id) ?? id;
}

/** 66.67 → '66.7%'; null → '—'. */
export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${Number(value.toFixed(1))}%`;
}

/** Seconds as '45s', '3m 20s', '1h 5m'; null → '—'. */
export function formatSeconds(value: number | null): string {
  if (value === null) return '—';
  if (value < 60) return `${Number(value.toFixed(1))}s`;
  const minutes = Math.floor(value / 60);
  if (minutes < 60) return `${minutes}m ${Math.round(value % 60)}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** A decimal string of dollars as '$1,234.56'. */
export function formatUsd(value: string): string {
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: n !== 0 && Math.abs(n) < 1 ? 4 : 2 }) : '—';
}
