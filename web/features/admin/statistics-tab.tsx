import { useQuery } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_MESSAGES } from '../../../contract/admin.ts';
import { DEFAULT_STATISTICS_DAYS, STATISTICS_ACTIONS, STATISTICS_DAYS, type StatisticsAction, type StatisticsDays } from '../../../contract/admin-statistics.ts';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { TabPanel, Tabs, useTabsId } from '../../components/ui/tabs.tsx';
import { formatDateTime } from './admin-format.ts';
import { AdminLoadError, AdminLoading } from './admin-states.tsx';
import { statisticsQuery } from './stats-api.ts';
import { OverviewView, PromptsView, ToolsView, UsersView } from './stats-views.tsx';

const SUB_TABS: ReadonlyArray<{ id: StatisticsAction; label: string }> = [
  { id: 'overview', label: 'Overview' },
  { id: 'tools', label: 'Tools' },
  { id: 'prompts', label: 'Prompts' },
  { id: 'users', label: 'Users' },
];
const VIEWS = { overview: OverviewView, tools: ToolsView, prompts: PromptsView, users: UsersView } satisfies Record<StatisticsAction, unknown>;
const RANGE_CHOICES = STATISTICS_DAYS.map((days) => ({ value: days, label: `${days} days` }));

/**
 * Statistics & Analytics (spec 3 §2): sub-tabs overview, tools, prompts and users over the last 7, 30, 90 or 365
 * days (default 30). One load per range answers every sub-tab.
 */
export function StatisticsTab() {
  const [view, setView] = useState<StatisticsAction>(STATISTICS_ACTIONS[0]);
  const [days, setDays] = useState<StatisticsDays>(DEFAULT_STATISTICS_DAYS);
  const stats = useQuery(statisticsQuery(days));
  const baseId = useTabsId();
  const View = VIEWS[view];

  return (
    <Card aria-label="Statistics & Analytics">
      <CardHeader
        title="Statistics & Analytics"
        description={stats.data ? `Last ${stats.data.days} days · generated ${formatDateTime(stats.data.generated_at)}` : `Last ${days} days`}
        icon={<BarChart3 className="size-5" aria-hidden />}
      />
      <CardBody className="space-y-5">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div className="-mx-5 overflow-x-auto px-5 sm:mx-0 sm:px-0">
            <Tabs tabs={SUB_TABS} value={view} onChange={setView} label="Statistics views" baseId={baseId} className="whitespace-nowrap" />
          </div>
          <ChoiceGroup legend="Range" name="statistics-range" choices={RANGE_CHOICES} value={days} onChange={setDays} columns="grid-cols-2 sm:grid-cols-4" />
        </div>
        <TabPanel baseId={baseId} tab={view}>
          {stats.isPending ? (
            <AdminLoading label="Loading statistics…" />
          ) : stats.isError ? (
            <AdminLoadError error={stats.error} serverError={ADMIN_MESSAGES.statisticsServerError} />
          ) : (
            <div aria-busy={stats.isFetching} className={stats.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              <View stats={stats.data} />
            </div>
          )}
        </TabPanel>
      </CardBody>
    </Card>
  );
}
