import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

/** "Are you sure?" with Confirm and Cancel; shows a spinner while the action runs and its error if it failed. */
export function ConfirmDialog({ title, message, confirmLabel, busyLabel, tone = 'danger', busy = false, error, icon, onConfirm, onCancel }: {
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while busy, e.g. 'Deleting...'. */
  busyLabel?: string;
  tone?: 'danger' | 'default';
  busy?: boolean;
  error?: string | null;
  icon?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      title={title}
      description={message}
      tone={tone}
      size="sm"
      icon={icon ?? (tone === 'danger' ? <TriangleAlert className="size-5" aria-hidden /> : undefined)}
      onClose={busy ? () => {} : onCancel}
      footer={
        <>
          {/* A destructive action starts on Cancel, anything else on the action. */}
          <Button variant="outline" onClick={onCancel} disabled={busy} data-autofocus={tone === 'danger' ? true : undefined}>
            Cancel
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} loading={busy} data-autofocus={tone === 'danger' ? undefined : true}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
    </Dialog>
  );
}
