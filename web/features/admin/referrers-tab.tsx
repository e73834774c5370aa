import { useQuery } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { useState } from 'react';
import { REFERRER_DAYS, type ReferrerStat } from '../../../contract/admin-statistics.ts';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { formatCount, formatDateTime } from './admin-format.ts';
import { AdminLoadError, AdminLoading } from './admin-states.tsx';
import { formatUsd, referrerQuery } from './stats-api.ts';
import { StatsTable, type Column } from './stats-table.tsx';

const ALL = 0;
const RANGE_CHOICES = [{ value: ALL, label: 'All time' }, ...REFERRER_DAYS.map((days) => ({ value: days as number, label: `${days} days` }))];

const COLUMNS: readonly Column<ReferrerStat>[] = [
  // A domain comes from a visitor's Referer header: text only.
  { key: 'domain', header: 'Domain', className: 'break-all', cell: (r) => <span className="font-medium text-slate-900">{r.domain}</span> },
  { key: 'visits', header: 'Visits', numeric: true, cell: (r) => formatCount(r.visit_count) },
  { key: 'users', header: 'Unique users', numeric: true, cell: (r) => formatCount(r.unique_users) },
  { key: 'sessions', header: 'Unique sessions', numeric: true, cell: (r) => formatCount(r.unique_sessions) },
  { key: 'purchases', header: 'Purchases', numeric: true, cell: (r) => formatCount(r.purchases) },
  { key: 'revenue', header: 'Revenue', numeric: true, cell: (r) => formatUsd(r.revenue_usd) },
];

/**
 * Referrer Tracking (spec 3 §2, §3): visits, signed-in users and sessions per referring domain, most visits first;
 * beyond the spec, the completed purchases of the users each referrer first brought.
 */
export function ReferrersTab() {
  const [days, setDays] = useState<number>(ALL);
  const stats = useQuery(referrerQuery(days === ALL ? null : days));
  return (
    <Card aria-label="Referrer Tracking">
      <CardHeader
        title="Referrer Tracking"
        description={stats.data ? `${stats.data.days === null ? 'Every visit kept' : `Last ${stats.data.days} days`} · generated ${formatDateTime(stats.data.generated_at)}` : 'Where visitors come from'}
        icon={<Globe className="size-5" aria-hidden />}
      />
      <CardBody className="space-y-5">
        <ChoiceGroup legend="Range" name="referrer-range" choices={RANGE_CHOICES} value={days} onChange={setDays} />
        {stats.isPending ? (
          <AdminLoading label="Loading referrers…" />
        ) : stats.isError ? (
          <AdminLoadError error={stats.error} />
        ) : stats.data.referrers.length === 0 ? (
          <p className="text-sm text-slate-600">No visits recorded in this range.</p>
        ) : (
          <div aria-busy={stats.isFetching} className={stats.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <StatsTable label="Visits per referrer" columns={COLUMNS} rows={stats.data.referrers} rowKey={(r) => r.domain} />
            <p className="mt-3 text-xs text-slate-500">
              A user's purchases count for the referrer of their first recorded visit; revenue is completed payments in USD.
            </p>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
