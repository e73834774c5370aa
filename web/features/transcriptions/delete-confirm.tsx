import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TRANSCRIPTION_MESSAGES, type Transcription } from '../../../contract/transcriptions.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { deleteTranscription, transcriptionKeys } from './api.ts';

/**
 * "Delete this transcription?" before the text and its recording are gone for good. A refusal stays in the dialog:
 * the server's own reason when it gave one (a job still running), else the spec's 'Failed to delete…'.
 */
export function DeleteConfirm({ transcription, onDeleted, onCancel }: { transcription: Transcription; onDeleted: () => void; onCancel: () => void }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteTranscription(transcription.uuid);
      client.removeQueries({ queryKey: transcriptionKeys.one(transcription.uuid) });
      void client.invalidateQueries({ queryKey: transcriptionKeys.all });
      onDeleted();
    } catch (err) {
      setError(err instanceof ApiError && err.status === 409 && !err.generic ? err.message : TRANSCRIPTION_MESSAGES.deleteFailed);
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title="Delete this transcription?"
      message={`“${transcription.title}” and its recording will be deleted. This cannot be undone.`}
      confirmLabel="Delete"
      busyLabel="Deleting…"
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    />
  );
}
