import { ChevronLeft, ChevronRight, Shield } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import { ADMIN_TABS, type AdminTabId } from '../../../contract/admin.ts';
import { cn } from '../../components/ui/cn.ts';
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

/** Whether the tab row has more to show on its left and on its right (a phone shows two or three of the seven tabs). */
function useHiddenSides(ref: RefObject<HTMLDivElement | null>) {
  const [sides, setSides] = useState({ left: false, right: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const left = box.scrollLeft > 1;
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setSides((old) => (old.left === left && old.right === right ? old : { left, right }));
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(box);
    return () => {
      box.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
  return sides;
}

/**
 * The cue that the tab row goes on (issue 26 item 19): the row fades out on the side with more tabs, and a button there
 * scrolls it. For pointer and touch; the keyboard moves through the tabs with the arrow keys, which scroll the row.
 */
function ScrollCue({ side, onClick }: { side: 'left' | 'right'; onClick: () => void }) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <div
      className={cn(
        'pointer-events-none absolute inset-y-0 bottom-2 flex w-14 items-center from-slate-50 from-40% to-transparent',
        side === 'left' ? 'left-0 justify-start bg-gradient-to-r pl-1' : 'right-0 justify-end bg-gradient-to-l pr-1',
      )}
    >
      <button
        type="button"
        tabIndex={-1}
        aria-label={side === 'left' ? 'Scroll the tabs left' : 'Scroll the tabs right'}
        onClick={onClick}
        className="pointer-events-auto flex size-8 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-sm hover:bg-slate-50"
      >
        <Icon className="size-4" aria-hidden />
      </button>
    </div>
  );
}

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
  const hidden = useHiddenSides(scroller);
  const scrollBy = (direction: -1 | 1) => scroller.current?.scrollBy({ left: direction * scroller.current.clientWidth * 0.6, behavior: 'smooth' });
  return (
    <Page title="Admin" icon={<Shield className="size-7 text-violet-600" aria-hidden />} description="Users, tools, statistics, payments, referrers, notifications and settings.">
      <div className="relative -mx-4 sm:mx-0">
        <div ref={scroller} data-testid="admin-tab-row" className="overflow-x-auto px-4 pb-2 sm:px-0">
          <Tabs tabs={ADMIN_TABS} value={tab} onChange={setTab} label="Admin sections" baseId={BASE_ID} className="whitespace-nowrap" />
        </div>
        {hidden.left && <ScrollCue side="left" onClick={() => scrollBy(-1)} />}
        {hidden.right && <ScrollCue side="right" onClick={() => scrollBy(1)} />}
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
