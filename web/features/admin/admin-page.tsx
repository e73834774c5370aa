import { Shield } from 'lucide-react';
import { useEffect, useRef, type ComponentType } from 'react';
import { ADMIN_TABS, type AdminTabId } from '../../../contract/admin.ts';
import { Page } from '../../components/ui/page.tsx';
import { TabPanel, Tabs } from '../../components/ui/tabs.tsx';
import { AdminErrorBoundary } from './admin-states.tsx';
import { useAdminTab } from './admin-tab.ts';
import { AuditLog } from './audit-log.tsx';
import { NotificationsTab } from './notifications-tab.tsx';
import { ReferrersTab } from './referrers-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';
import { StatisticsTab } from './statistics-tab.tsx';
import { ToolsTab } from './tools-tab.tsx';
import { TransactionsTab } from './transactions-tab.tsx';
import { UsersTab } from './users-tab.tsx';

const PANELS: Record<AdminTabId, ComponentType> = {
  users: UsersTab,
  tools: ToolsTab,
  statistics: StatisticsTab,
  transactions: TransactionsTab,
  referrers: ReferrersTab,
  notifications: NotificationsTab,
  settings: SettingsTab,
};

const BASE_ID = 'admin';

/** /admin (behind AdminRoute): the seven tabs that run the business, each with its change log at the bottom. */
export function AdminPage() {
  const [tab, setTab] = useAdminTab();
  const Panel = PANELS[tab];
  // On a phone the tab row scrolls sideways: keep the open tab in view (the remembered one may be the last).
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = scroller.current;
    const selected = box?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!box || !selected) return;
    const left = selected.getBoundingClientRect().left - box.getBoundingClientRect().left + box.scrollLeft;
    if (left < box.scrollLeft || left + selected.offsetWidth > box.scrollLeft + box.clientWidth) box.scrollLeft = left - 16;
  }, [tab]);
  return (
    <Page title="Admin" icon={<Shield className="size-7 text-violet-600" aria-hidden />} description="Users, tools, statistics, payments, referrers, notifications and settings.">
      <div ref={scroller} className="-mx-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
        <Tabs tabs={ADMIN_TABS} value={tab} onChange={setTab} label="Admin sections" baseId={BASE_ID} className="whitespace-nowrap" />
      </div>
      <TabPanel baseId={BASE_ID} tab={tab} className="mt-6">
        {/* Each in its own boundary: a tab that fails to draw still shows its change log. */}
        <AdminErrorBoundary resetKey={tab}>
          <Panel />
        </AdminErrorBoundary>
        <AdminErrorBoundary resetKey={tab}>
          <AuditLog area={tab} />
        </AdminErrorBoundary>
      </TabPanel>
    </Page>
  );
}
