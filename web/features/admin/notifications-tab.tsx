import { useQuery } from '@tanstack/react-query';
import { Bell, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_MESSAGES } from '../../../contract/admin.ts';
import type { SiteNotification } from '../../../contract/site.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { adminWriteError } from './admin-errors.ts';
import { formatDateTime } from './admin-format.ts';
import { AdminLoadError, AdminLoading } from './admin-states.tsx';
import { adminNotificationsQuery, notificationsLoadError, useDeleteNotification, useToggleNotification } from './notification-api.ts';
import { NotificationForm } from './notification-form.tsx';
import { NotificationPreview } from './notification-preview.tsx';

/** An on/off switch for a notification's is_active. */
function ActiveSwitch({ notification, busy, onToggle }: { notification: SiteNotification; busy: boolean; onToggle: () => void }) {
  const on = notification.is_active;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={`Active: ${notification.identifier}`}
      disabled={busy}
      onClick={onToggle}
      className="inline-flex items-center gap-2 text-sm text-slate-700 disabled:opacity-60"
    >
      <span className={cn('relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors', on ? 'bg-violet-600' : 'bg-slate-300')}>
        <span className={cn('absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform', on && 'translate-x-5')} />
      </span>
      <span aria-hidden>{on ? 'Active' : 'Inactive'}</span>
    </button>
  );
}

function NotificationRow({ notification, onEdit, onDelete }: { notification: SiteNotification; onEdit: () => void; onDelete: () => void }) {
  const toggle = useToggleNotification();
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm font-medium break-all text-slate-900">{notification.identifier}</p>
          <p className="mt-0.5 text-xs text-slate-600">
            From {formatDateTime(notification.valid_from)} · {notification.valid_until ? `until ${formatDateTime(notification.valid_until)}` : 'no end date'}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <ActiveSwitch notification={notification} busy={toggle.isPending} onToggle={() => toggle.mutate({ uuid: notification.uuid, body: { is_active: !notification.is_active } })} />
          <Button variant="ghost" size="sm" icon={<Pencil className="size-4" aria-hidden />} onClick={onEdit} aria-label={`Edit ${notification.identifier}`}>
            <span className="hidden sm:inline">Edit</span>
          </Button>
          <Button variant="ghost" size="sm" icon={<Trash2 className="size-4" aria-hidden />} onClick={onDelete} aria-label={`Delete ${notification.identifier}`} className="text-red-700 hover:bg-red-50 hover:text-red-800">
            <span className="hidden sm:inline">Delete</span>
          </Button>
        </div>
      </div>
      {toggle.isError && (
        <Alert tone="error" className="mt-2">
          {adminWriteError(toggle.error, ADMIN_MESSAGES.toggleNotification)}
        </Alert>
      )}
      <div className="mt-3 [&_figcaption]:sr-only">
        <NotificationPreview content={notification.content} colors={notification} />
      </div>
    </li>
  );
}

/** The admin area's notifications tab (spec 3 §2): list, create, edit, delete, active toggle, live preview. */
export function NotificationsTab() {
  const list = useQuery(adminNotificationsQuery);
  const remove = useDeleteNotification();
  const [editing, setEditing] = useState<SiteNotification | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SiteNotification | null>(null);

  return (
    <Card aria-label="Notifications">
      <CardHeader
        title="Notifications"
        description="Banners shown above the header of every page while active and within their dates."
        icon={<Bell className="size-5" aria-hidden />}
        action={
          <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setEditing('new')}>
            New notification
          </Button>
        }
      />
      <CardBody>
        {list.isPending ? (
          <AdminLoading label="Loading notifications…" />
        ) : list.isError ? (
          <AdminLoadError error={notificationsLoadError(list.error)} />
        ) : list.data.length === 0 ? (
          <p className="text-sm text-slate-600">No notifications yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.data.map((n) => (
              <NotificationRow key={n.uuid} notification={n} onEdit={() => setEditing(n)} onDelete={() => setDeleting(n)} />
            ))}
          </ul>
        )}
      </CardBody>
      {editing && <NotificationForm notification={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete this notification?"
          message={`The banner ${deleting.identifier} is removed for everyone. This cannot be undone.`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          busy={remove.isPending}
          error={remove.isError ? adminWriteError(remove.error, ADMIN_MESSAGES.deleteNotification) : null}
          onConfirm={() => remove.mutate(deleting.uuid, { onSuccess: () => setDeleting(null) })}
          onCancel={() => {
            remove.reset();
            setDeleting(null);
          }}
        />
      )}
    </Card>
  );
}
