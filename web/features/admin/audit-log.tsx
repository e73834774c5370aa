import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import type { AdminAuditEntry, AdminTabId } from '../../../contract/admin.ts';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { auditQuery } from './admin-api.ts';
import { formatDateTime } from './admin-format.ts';
import { AdminLoadError, AdminLoading } from './admin-states.tsx';

/** `{ status: 'beta' }` → 'status: beta'. Values are shown as text, never as HTML. */
export function describeValues(values: Record<string, unknown> | null): string {
  if (!values) return '—';
  const parts = Object.entries(values).map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return parts.length ? parts.join(', ') : '—';
}

function Entry({ entry }: { entry: AdminAuditEntry }) {
  return (
    <li className="py-3 text-sm first:pt-0 last:pb-0">
      <p className="flex flex-wrap items-baseline gap-x-2 text-slate-900">
        <span className="font-medium">{entry.action}</span>
        {entry.target_id && <span className="break-all text-slate-600">{entry.target_id}</span>}
        {entry.target_user_email && <span className="break-all text-slate-600">{entry.target_user_email}</span>}
      </p>
      <p className="mt-0.5 text-xs text-slate-600">
        {formatDateTime(entry.created_at)} · {entry.admin?.email ?? 'a deleted admin'}
      </p>
      {(entry.before || entry.after) && (
        <p className="mt-1 text-xs break-words text-slate-600">
          <span className="text-slate-500">Before</span> {describeValues(entry.before)} <span aria-hidden>→</span>
          <span className="sr-only">, after</span> <span className="text-slate-500" aria-hidden>After</span> {describeValues(entry.after)}
        </p>
      )}
    </li>
  );
}

/** The change log at the bottom of each admin tab: who changed what, when, before and after. */
export function AuditLog({ area }: { area: AdminTabId }) {
  const log = useQuery(auditQuery(area));
  return (
    <Card className="mt-8" aria-label="Change log">
      <CardHeader title="Change log" description="The latest changes made here by admins." icon={<History className="size-5" aria-hidden />} />
      <CardBody>
        {log.isPending ? (
          <AdminLoading label="Loading the change log…" />
        ) : log.isError ? (
          <AdminLoadError error={log.error} />
        ) : log.data.length === 0 ? (
          <p className="text-sm text-slate-600">No changes yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {log.data.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
