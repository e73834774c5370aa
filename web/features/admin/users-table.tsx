import { Coins } from 'lucide-react';
import type { AdminUserRow } from '../../../contract/admin-users.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { balanceTone, formatCredits } from '../../lib/credits-format.ts';
import { formatCount } from './admin-format.ts';
import { BALANCE_TEXT, formatJoined, LOGIN_DOT } from './users-format.ts';

type Props = { users: AdminUserRow[]; onCredits: (user: AdminUserRow) => void };

function Roles({ roles }: { roles: string[] }) {
  if (roles.length === 0) return <span className="text-slate-500">No roles</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {roles.map((role) => (
        <Badge key={role} tone={role === 'admin' ? 'violet' : 'slate'}>
          {role}
        </Badge>
      ))}
    </span>
  );
}

function LoginStatus({ user }: { user: AdminUserRow }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap" title={user.last_login_at ?? undefined}>
      <span className={cn('size-2 shrink-0 rounded-full', LOGIN_DOT[user.login_status])} aria-hidden />
      {user.login_status}
    </span>
  );
}

function Balance({ value }: { value: string }) {
  return <span className={cn('font-semibold tabular-nums', BALANCE_TEXT[balanceTone(value)])}>{formatCredits(value)}</span>;
}

const who = (user: AdminUserRow) => user.name || user.email;

const creditsButton = (user: AdminUserRow, onCredits: Props['onCredits']) => (
  <Button variant="outline" size="sm" icon={<Coins className="size-4" aria-hidden />} onClick={() => onCredits(user)} aria-label={`Credits of ${who(user)}`}>
    Credits
  </Button>
);

/**
 * The users of one page: a table from the md breakpoint, stacked cards below it (no sideways scrolling at 390 px).
 * Both are rendered; CSS shows one. Every value is text, never HTML.
 */
export function UsersTable({ users, onCredits }: Props) {
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Users, newest first</caption>
          <thead className="border-b border-slate-200 text-xs font-medium tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-4">User</th>
              <th scope="col" className="py-2 pr-4">Joined</th>
              <th scope="col" className="py-2 pr-4 text-right">Balance</th>
              <th scope="col" className="py-2 pr-4 text-right">Spent</th>
              <th scope="col" className="py-2 pr-4 text-right">Generations</th>
              <th scope="col" className="py-2 pr-4">Roles</th>
              <th scope="col" className="py-2 pr-4">Last login</th>
              <th scope="col" className="py-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user) => (
              <tr key={user.id} className="align-middle">
                <td className="max-w-72 py-3 pr-4">
                  <p className="truncate font-medium text-slate-900">{user.name || '—'}</p>
                  <p className="truncate text-slate-600">{user.email}</p>
                </td>
                <td className="py-3 pr-4 whitespace-nowrap text-slate-700">{formatJoined(user.created_at)}</td>
                <td className="py-3 pr-4 text-right"><Balance value={user.current_balance} /></td>
                <td className="py-3 pr-4 text-right text-slate-700 tabular-nums">{formatCredits(user.total_spent)}</td>
                <td className="py-3 pr-4 text-right text-slate-700 tabular-nums">{formatCount(user.total_generations)}</td>
                <td className="py-3 pr-4"><Roles roles={user.roles} /></td>
                <td className="py-3 pr-4 text-slate-700"><LoginStatus user={user} /></td>
                <td className="py-3 text-right">{creditsButton(user, onCredits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden" aria-label="Users, newest first">
        {users.map((user) => (
          <li key={user.id} className="rounded-xl border border-slate-200 p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{user.name || '—'}</p>
                <p className="text-sm break-all text-slate-600">{user.email}</p>
              </div>
              {creditsButton(user, onCredits)}
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div><dt className="text-xs text-slate-500">Balance</dt><dd><Balance value={user.current_balance} /></dd></div>
              <div><dt className="text-xs text-slate-500">Spent</dt><dd className="text-slate-700 tabular-nums">{formatCredits(user.total_spent)}</dd></div>
              <div><dt className="text-xs text-slate-500">Generations</dt><dd className="text-slate-700 tabular-nums">{formatCount(user.total_generations)}</dd></div>
              <div><dt className="text-xs text-slate-500">Joined</dt><dd className="text-slate-700">{formatJoined(user.created_at)}</dd></div>
              <div><dt className="text-xs text-slate-500">Last login</dt><dd className="text-slate-700"><LoginStatus user={user} /></dd></div>
              <div><dt className="text-xs text-slate-500">Roles</dt><dd className="text-slate-700"><Roles roles={user.roles} /></dd></div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
