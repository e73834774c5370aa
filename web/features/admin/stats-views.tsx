import type { AdminStatistics, PopularPrompt, ToolUsage } from '../../../contract/admin-statistics.ts';
import { add, cmp, fromUnits, sub, toUnits } from '../../../contract/decimal.ts';
import { formatCount } from './admin-format.ts';
import { formatPercent, formatSeconds, formatUsd, statisticsToolLabel } from './stats-api.ts';
import { StatTile } from './admin-ui.tsx';
import { StatsTable, type Column } from './stats-table.tsx';

/** Margin across every tool: (revenue − actual cost) ÷ revenue, from the exact decimals. */
function overallMargin(tools: readonly ToolUsage[]): number | null {
  const revenue = tools.reduce((sum, t) => add(sum, t.revenue_usd), '0');
  const cost = tools.reduce((sum, t) => add(sum, t.actual_cost_usd), '0');
  if (cmp(revenue, '0') <= 0) return null;
  return Number(((toUnits(sub(revenue, cost)) * 10_000n) / toUnits(revenue)).toString()) / 100;
}

function marginTone(margin: number | null): string {
  if (margin === null) return 'text-slate-500';
  return margin < 0 ? 'text-red-700' : margin < 50 ? 'text-amber-700' : 'text-emerald-700';
}

export function OverviewView({ stats }: { stats: AdminStatistics }) {
  const behaviour = stats.user_behavior;
  const credits = stats.tool_usage.reduce((sum, t) => add(sum, t.total_credits), '0');
  const margin = overallMargin(stats.tool_usage);
  const top = stats.tool_usage.slice(0, 5);
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile label="Generations" value={formatCount(behaviour.total_generations)} />
        <StatTile label="Active users" value={formatCount(behaviour.total_active_users)} hint={`${formatCount(behaviour.new_users)} new`} />
        <StatTile label="Credits spent" value={formatCount(fromUnits(toUnits(credits), 2))} hint="1 credit = $1" />
        <StatTile label="Margin" value={<span className={marginTone(margin)}>{formatPercent(margin)}</span>} hint="after provider costs" />
      </dl>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Most used tools</h3>
        {top.length === 0 ? (
          <p className="text-sm text-slate-600">No generations in this range.</p>
        ) : (
          <ul className="space-y-2">
            {top.map((tool) => {
              const share = behaviour.total_generations ? (tool.total_usage / behaviour.total_generations) * 100 : 0;
              return (
                <li key={tool.tool_name} className="text-sm">
                  <div className="flex justify-between gap-3">
                    <span className="truncate text-slate-800">{statisticsToolLabel(tool.tool_name)}</span>
                    <span className="shrink-0 text-slate-600 tabular-nums">
                      {formatCount(tool.total_usage)} · {formatPercent(share)}
                    </span>
                  </div>
                  <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden>
                    <div className="h-1.5 rounded-full bg-violet-500" style={{ width: `${Math.max(2, share)}%` }} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

const TOOL_COLUMNS: readonly Column<ToolUsage>[] = [
  { key: 'tool', header: 'Tool', cell: (t) => <span className="font-medium text-slate-900">{statisticsToolLabel(t.tool_name)}</span> },
  { key: 'usage', header: 'Uses', numeric: true, cell: (t) => formatCount(t.total_usage) },
  { key: 'users', header: 'Users', numeric: true, cell: (t) => formatCount(t.unique_users) },
  { key: 'success', header: 'Success', numeric: true, cell: (t) => formatPercent(t.avg_success_rate) },
  { key: 'credits', header: 'Credits', numeric: true, cell: (t) => formatCount(t.total_credits) },
  { key: 'files', header: 'Files', numeric: true, cell: (t) => formatCount(t.total_files) },
  { key: 'size', header: 'Stored MB', numeric: true, cell: (t) => formatCount(t.total_size_mb) },
  { key: 'cost', header: 'Actual cost', numeric: true, cell: (t) => formatUsd(t.actual_cost_usd) },
  { key: 'margin', header: 'Margin', numeric: true, cell: (t) => <span className={marginTone(t.margin_percent)}>{formatPercent(t.margin_percent)}</span> },
];

export function ToolsView({ stats }: { stats: AdminStatistics }) {
  if (stats.tool_usage.length === 0) return <p className="text-sm text-slate-600">No generations in this range.</p>;
  return (
    <>
      <StatsTable label="Usage per tool" columns={TOOL_COLUMNS} rows={stats.tool_usage} rowKey={(t) => t.tool_name} />
      <p className="mt-3 text-xs text-slate-500">
        Margin is (credits charged − actual provider cost) ÷ credits charged, with 1 credit = $1. Stored MB counts outputs still kept (images
        are deleted after 30 days).
      </p>
    </>
  );
}

const PROMPT_COLUMNS: readonly Column<PopularPrompt>[] = [
  { key: 'rank', header: '#', numeric: true, cell: (_p, i) => i + 1 },
  // The prompt is the user's text: rendered as text, never as HTML.
  { key: 'prompt', header: 'Prompt', className: 'min-w-[14rem] max-w-[24rem] break-words', cell: (p) => <span className="text-slate-900">{p.prompt}</span> },
  { key: 'tool', header: 'Tool', cell: (p) => <span className="whitespace-nowrap">{statisticsToolLabel(p.tool_name)}</span> },
  { key: 'uses', header: 'Uses', numeric: true, cell: (p) => formatCount(p.usage_count) },
  { key: 'success', header: 'Success', numeric: true, cell: (p) => formatPercent(p.success_rate) },
  { key: 'time', header: 'Avg time', numeric: true, cell: (p) => formatSeconds(p.avg_generation_time) },
  { key: 'length', header: 'Length', numeric: true, cell: (p) => `${p.prompt_length} ch · ${p.word_count} w` },
  { key: 'category', header: 'Category', cell: (p) => <span className="capitalize">{p.length_category}</span> },
];

export function PromptsView({ stats }: { stats: AdminStatistics }) {
  if (stats.popular_prompts.length === 0) return <p className="text-sm text-slate-600">No prompts in this range.</p>;
  return (
    <>
      <h3 className="mb-3 text-sm font-semibold text-slate-900">Top 20 prompts</h3>
      <StatsTable label="Top 20 prompts" columns={PROMPT_COLUMNS} rows={stats.popular_prompts} rowKey={(p, i) => `${i}:${p.tool_name}`} minWidth="min-w-[52rem]" />
    </>
  );
}

export function UsersView({ stats }: { stats: AdminStatistics }) {
  const b = stats.user_behavior;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <StatTile label="Active users" value={formatCount(b.total_active_users)} hint="made a generation or a signed-in visit" />
        <StatTile label="New users" value={formatCount(b.new_users)} hint="accounts created" />
        <StatTile label="Sessions" value={formatCount(b.total_sessions)} hint="browser sessions on the site" />
        <StatTile label="Avg session" value={formatSeconds(b.avg_session_duration)} hint="first to last visit" />
        <StatTile label="Generations" value={formatCount(b.total_generations)} />
        <StatTile label="Bounce rate" value={formatPercent(b.avg_bounce_rate)} hint="sessions with one visit" />
      </dl>
    </>
  );
}
