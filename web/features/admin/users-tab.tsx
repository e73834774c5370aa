import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Search, Users } from 'lucide-react';
import { useState } from 'react';
import type { AdminUserRow, AdminUsersStats } from '../../../contract/admin-users.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { formatCount } from './admin-format.ts';
import { StatTile } from './admin-ui.tsx';
import { AdminLoadError, AdminLoading } from './admin-states.tsx';
import { usersQuery } from './users-api.ts';
import { UserCreditsDialog } from './users-credits-dialog.tsx';
import { UsersTable } from './users-table.tsx';

/** How long the search box waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const STATS: Array<{ key: keyof AdminUsersStats; label: string }> = [
  { key: 'total_users', label: 'Total users' },
  { key: 'active_last_24h', label: 'Active in 24 h' },
  { key: 'new_last_7d', label: 'New in 7 days' },
  { key: 'users_with_logins', label: 'Signed in once or more' },
  { key: 'admin_users', label: 'Admins' },
  { key: 'users_with_generations', label: 'With generations' },
  { key: 'total_credits_in_system', label: 'Credits in system' },
  { key: 'total_spent_by_all_users', label: 'Credits spent' },
];

function StatsCards({ stats }: { stats: AdminUsersStats }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {STATS.map(({ key, label }) => (
        <StatTile key={key} label={label} value={formatCount(stats[key])} />
      ))}
    </dl>
  );
}

/** The admin area's users tab (spec 3 §2, §3): stats of everyone, a searchable paged list, and each user's credits. */
export function UsersTab() {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  // The page belongs to the search it was chosen for: a new search starts from its first page.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (next: number) => setPaging({ search, page: next });
  const [open, setOpen] = useState<AdminUserRow | null>(null);
  const users = useQuery(usersQuery(page, search));

  if (users.isPending) return <AdminLoading label="Loading users…" />;
  if (users.isError) return <AdminLoadError error={users.error} />;
  const { stats, pagination } = users.data;
  const first = pagination.total === 0 ? 0 : (pagination.page - 1) * pagination.limit + 1;
  const last = Math.min(pagination.total, pagination.page * pagination.limit);

  return (
    <div className="space-y-6">
      <StatsCards stats={stats} />
      <Card aria-label="Users">
        <CardHeader title="Users" description="Newest first. Search by email." icon={<Users className="size-5" aria-hidden />} />
        <CardBody className="space-y-4">
          <TextField
            label="Search by email"
            type="search"
            maxLength={254}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder="name@example.com"
            icon={<Search className="size-4" aria-hidden />}
            className="max-w-md"
          />
          {users.data.users.length === 0 ? (
            <p className="py-4 text-sm text-slate-600">{search ? `No user's email contains “${search}”.` : 'No users yet.'}</p>
          ) : (
            <UsersTable users={users.data.users} onCredits={setOpen} />
          )}
          <nav className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600" aria-label="Users pages">
            <p aria-live="polite">
              {pagination.total === 0 ? 'No users' : `${formatCount(first)}–${formatCount(last)} of ${formatCount(pagination.total)}`}
              {users.isFetching && <span className="sr-only"> (loading)</span>}
            </p>
            <div className="flex items-center gap-2">
              <Button variant="outline" size="sm" icon={<ChevronLeft className="size-4" aria-hidden />} disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span>
                Page {pagination.page} of {Math.max(1, pagination.total_pages)}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pagination.total_pages} onClick={() => setPage(page + 1)}>
                Next <ChevronRight className="size-4" aria-hidden />
              </Button>
            </div>
          </nav>
        </CardBody>
      </Card>
      {open && <UserCreditsDialog user={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
