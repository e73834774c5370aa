import { CreditCard, KeyRound, Send, UserRound, Webhook } from 'lucide-react';
import { displayName } from '../../../contract/auth.ts';
import type { DashboardTab } from '../../../contract/constants.ts';
import { Page } from '../../components/ui/page.tsx';
import { TabPanel, Tabs, useTabsId, type TabItem } from '../../components/ui/tabs.tsx';
import { useAuth } from '../../lib/session/use-auth.ts';
import { useLogout } from '../../lib/session/use-logout.ts';
import { RecentBatches } from '../../features/ai-shared/batch/batch-list.tsx';
import { TopUpCredits } from '../../features/credits/top-up-button.tsx';
import { CreditsTab } from '../../features/credits/credits-tab.tsx';
import { ApiKeysTab } from '../../features/dashboard/api-keys-tab.tsx';
import { useDashboardTab } from '../../features/dashboard/dashboard-tab.ts';
import { TelegramTab } from '../../features/dashboard/telegram-tab.tsx';
import { UserInfoTab } from '../../features/dashboard/user-info-tab.tsx';
import { WebhooksTab } from '../../features/dashboard/webhooks-tab.tsx';

const TABS: readonly TabItem<DashboardTab>[] = [
  { id: 'user-info', label: 'Profile', icon: <UserRound className="size-4" aria-hidden /> },
  { id: 'telegram', label: 'Telegram', icon: <Send className="size-4" aria-hidden /> },
  { id: 'credits', label: 'Credits', icon: <CreditCard className="size-4" aria-hidden /> },
  { id: 'api-keys', label: 'API keys', icon: <KeyRound className="size-4" aria-hidden /> },
  { id: 'webhooks', label: 'Webhooks', icon: <Webhook className="size-4" aria-hidden /> },
];

/** /dashboard (behind ProtectedRoute with the 'Dashboard Error' box). */
export function DashboardPage() {
  const auth = useAuth();
  const logout = useLogout();
  const [tab, selectTab] = useDashboardTab();
  const baseId = useTabsId();
  const { user } = auth;
  if (!user) return null;

  return (
    <Page title="Dashboard" description={`Hello, ${displayName(user)}! Manage your profile, integrations and credits.`}>
      <RecentBatches />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <Tabs tabs={TABS} value={tab} onChange={selectTab} label="Dashboard sections" baseId={baseId} className="max-w-full overflow-x-auto" />
        <TopUpCredits />
      </div>
      <TabPanel baseId={baseId} tab={tab}>
        {tab === 'user-info' && <UserInfoTab user={user} onSaved={auth.setUser} onLogout={() => void logout()} />}
        {tab === 'telegram' && <TelegramTab />}
        {tab === 'credits' && <CreditsTab credits={auth.credits} storage={auth.storage} />}
        {tab === 'api-keys' && <ApiKeysTab />}
        {tab === 'webhooks' && <WebhooksTab />}
      </TabPanel>
    </Page>
  );
}
