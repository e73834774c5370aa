import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, RefreshCw, Star, Wrench } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { ADMIN_MESSAGES } from '../../../contract/admin.ts';
import { TOOL_STATUSES, type ToolConfig, type ToolStatus, type ToolsSyncResult } from '../../../contract/tools.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { inputClasses } from '../../components/ui/input.tsx';
import { toolKeys, toolsConfigQueryOptions } from '../../lib/tools-config.ts';
import { adminKeys } from './admin-api.ts';
import { adminWriteError } from './admin-errors.ts';
import { AdminLoadError, AdminLoading } from './admin-states.tsx';
import { moved, saveToolsConfig, syncSummary, syncTools } from './tools-api.ts';

const STATUS_LABELS: Record<ToolStatus, string> = { available: 'Available', beta: 'Beta', 'coming-soon': 'Coming Soon', disabled: 'Disabled' };
const STATUS_HINTS: Record<ToolStatus, string> = {
  available: 'Listed everywhere and usable.',
  beta: 'Usable, marked Beta; not in the footer.',
  'coming-soon': 'Shown in the launcher, not usable.',
  disabled: 'Hidden everywhere; its page says it is not available.',
};

/**
 * Saves the whole list after each change. The change shows at once (the shared tools query, so the header and the
 * launcher follow); saves run one at a time in the order made, each with the list as it stood after its change. A
 * failed save puts back the last list the server confirmed and says so.
 */
function useSaveTools() {
  const client = useQueryClient();
  const confirmed = useRef<ToolConfig[] | null>(null);
  const latest = useRef<ToolConfig[] | null>(null);
  const inFlight = useRef(0);
  const mutation = useMutation({
    scope: { id: 'admin-tools-config' },
    mutationFn: saveToolsConfig,
    onSuccess: (saved, sent) => {
      confirmed.current = saved;
      if (latest.current === sent) client.setQueryData(toolKeys.config, saved);
    },
    onError: () => {
      if (confirmed.current) client.setQueryData(toolKeys.config, confirmed.current);
      latest.current = null;
    },
    onSettled: () => {
      inFlight.current--;
      return client.invalidateQueries({ queryKey: adminKeys.audit('tools') });
    },
  });
  const apply = (change: (current: ToolConfig[]) => ToolConfig[]) => {
    const current = client.getQueryData<ToolConfig[]>(toolKeys.config) ?? [];
    // With no save under way, what is shown is what the server has.
    if (inFlight.current === 0) confirmed.current = current;
    inFlight.current++;
    const next = change(current);
    void client.cancelQueries({ queryKey: toolKeys.config });
    client.setQueryData(toolKeys.config, next);
    latest.current = next;
    mutation.mutate(next);
  };
  return { ...mutation, apply };
}

function ToolRow({ tool, index, count, onChange }: { tool: ToolConfig; index: number; count: number; onChange: (change: { status?: ToolStatus; featured?: boolean; move?: -1 | 1 }) => void }) {
  const id = useId();
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center" aria-label={tool.title}>
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-sm font-semibold text-slate-700">
          <span className="sr-only">Position </span>
          {tool.order}
        </span>
        <div className="min-w-0">
          <p className={cn('font-medium break-words text-slate-900', tool.status === 'disabled' && 'text-slate-500 line-through')}>{tool.title}</p>
          <p className="text-xs break-words text-slate-500">
            <span className="break-all">{tool.id}</span> · <span id={`${id}-hint`}>{STATUS_HINTS[tool.status]}</span>
          </p>
        </div>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-status`} className="sr-only">
          Status of {tool.title}
        </label>
        <select
          id={`${id}-status`}
          className={cn(inputClasses, 'w-auto min-w-0 flex-1 py-1.5 sm:flex-none')}
          value={tool.status}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange({ status: e.target.value as ToolStatus })}
        >
          {TOOL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
        <button
          type="button"
          aria-pressed={tool.featured}
          aria-label={`Featured: ${tool.title}`}
          onClick={() => onChange({ featured: !tool.featured })}
          className={cn(
            'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg border px-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600',
            tool.featured ? 'border-amber-300 bg-amber-50 text-amber-800' : 'border-slate-300 bg-white text-slate-600 hover:bg-slate-50',
          )}
        >
          <Star className={cn('size-4', tool.featured && 'fill-amber-400 text-amber-500')} aria-hidden />
          {/* On a phone the star alone (the toggle keeps its name). */}
          <span className="hidden sm:inline">Featured</span>
        </button>
        <Button variant="outline" size="sm" className="shrink-0 px-2" aria-label={`Move ${tool.title} up`} disabled={index === 0} onClick={() => onChange({ move: -1 })}>
          <ArrowUp className="size-4" aria-hidden />
        </Button>
        <Button variant="outline" size="sm" className="shrink-0 px-2" aria-label={`Move ${tool.title} down`} disabled={index === count - 1} onClick={() => onChange({ move: 1 })}>
          <ArrowDown className="size-4" aria-hidden />
        </Button>
      </div>
    </li>
  );
}

/** The admin area's Tools Configuration tab (spec 3 §2): status, order and featured, each change saved at once. */
export function ToolsTab() {
  const client = useQueryClient();
  // Read afresh each time the tab opens: every save sends the whole list, so an old copy would undo another admin's
  // change. The rest of the shell keeps its 5-minute copy.
  const tools = useQuery({ ...toolsConfigQueryOptions(), staleTime: 0, refetchOnMount: 'always' });
  const save = useSaveTools();
  const [confirmSync, setConfirmSync] = useState(false);
  const [synced, setSynced] = useState<ToolsSyncResult | null>(null);
  const sync = useMutation({
    mutationFn: syncTools,
    onSuccess: (result) => {
      setSynced(result);
      setConfirmSync(false);
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: toolKeys.config });
      await client.invalidateQueries({ queryKey: adminKeys.audit('tools') });
    },
  });

  if (tools.isPending) return <AdminLoading label="Loading tools…" />;
  // The shared fetch wraps its failure for the launcher; the admin's lines come from the answer's status.
  if (tools.isError) return <AdminLoadError error={tools.error.cause ?? tools.error} />;
  const list = tools.data;

  const change = (tool: ToolConfig, what: { status?: ToolStatus; featured?: boolean; move?: -1 | 1 }) => {
    setSynced(null);
    save.apply((current) =>
      what.move
        ? moved(current, tool.id, what.move)
        : current.map((t) => (t.id === tool.id ? { ...t, ...(what.status ? { status: what.status } : {}), ...(what.featured === undefined ? {} : { featured: what.featured }) } : t)),
    );
  };

  return (
    <Card>
      <CardHeader
        title="Tools Configuration"
        description="Every change is saved at once and shows on the next page load of every visitor."
        icon={<Wrench className="size-5" aria-hidden />}
        action={
          <Button variant="outline" icon={<RefreshCw className="size-4" aria-hidden />} onClick={() => setConfirmSync(true)}>
            Sync with catalogue
          </Button>
        }
      />
      <CardBody>
        <div aria-live="polite" className="space-y-3 empty:hidden">
          {save.isError && <Alert tone="error">{adminWriteError(save.error, ADMIN_MESSAGES.saveConfig)}</Alert>}
          {save.isPending && <p className="text-sm text-slate-500">Saving…</p>}
          {synced && <Alert tone="success">{syncSummary(synced)}</Alert>}
        </div>
        {list.length === 0 ? (
          <p className="text-sm text-slate-600">No tools are stored yet: sync with the catalogue to add them.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Tools in launcher order">
            {list.map((tool, index) => (
              <ToolRow key={tool.id} tool={tool} index={index} count={list.length} onChange={(what) => change(tool, what)} />
            ))}
          </ul>
        )}
      </CardBody>
      {confirmSync && (
        <ConfirmDialog
          tone="default"
          title="Sync with the catalogue?"
          message="Tools missing from the list are added, and titles, descriptions, icons and paths are set to the app's catalogue. Status, order and featured stay as they are. Tools the catalogue does not know are left alone and reported."
          confirmLabel="Sync"
          busyLabel="Syncing…"
          busy={sync.isPending}
          error={sync.isError ? adminWriteError(sync.error, ADMIN_MESSAGES.saveConfig) : null}
          onConfirm={() => sync.mutate()}
          onCancel={() => {
            setConfirmSync(false);
            sync.reset();
          }}
        />
      )}
    </Card>
  );
}
