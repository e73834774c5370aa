import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { TRANSCRIPTION_MESSAGES, TRANSCRIPTION_POLL, type Transcription } from '../../../contract/transcriptions.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatCredits } from '../../lib/credits-format.ts';
import { DeleteConfirm } from './delete-confirm.tsx';
import { downloadUrl, mainText, minutesOf, saveContent, saveTitle, transcriptionKeys, transcriptionQuery } from './api.ts';

export function DownloadLinks({ t }: { t: Transcription }) {
  const formats = t.has_timings ? (['txt', 'srt', 'vtt'] as const) : (['txt'] as const);
  return (
    <span className="flex flex-wrap gap-2">
      {formats.map((f) => (
        <a key={f} href={downloadUrl(t.uuid, f)} download className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
          <Download className="size-4" aria-hidden /> {f === 'txt' ? 'Download .txt' : `.${f}`}
        </a>
      ))}
    </span>
  );
}

/**
 * One transcription (spec 3 §2): title and content editable on the tool page (read-only in the library), duration,
 * processing time, cost, created date, download, delete.
 */
export function TranscriptionModal({ transcription, editable, onClose }: { transcription: Transcription; editable: boolean; onClose: () => void }) {
  const client = useQueryClient();
  // The item as the server has it now (the list's copy may be older), re-read while it is still being made.
  const query = useQuery({
    ...transcriptionQuery(transcription.uuid),
    initialData: transcription,
    refetchOnMount: 'always',
    refetchInterval: (q) => (q.state.data && ['pending', 'processing'].includes(q.state.data.status) ? TRANSCRIPTION_POLL.detailIntervalMs : false),
  });
  const t = query.data;
  const setT = (next: Transcription) => client.setQueryData(transcriptionKeys.one(next.uuid), next);
  const [title, setTitle] = useState(t.title);
  // Null until edited: the text shown follows the server's until the user types.
  const [edited, setContent] = useState<string | null>(null);
  const content = edited ?? mainText(t);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: transcriptionKeys.all });

  const save = async (what: 'title' | 'content') => {
    setProblem(null);
    setSaved(null);
    if (what === 'title' && !title.trim()) return setProblem(TRANSCRIPTION_MESSAGES.titleEmpty);
    try {
      const next = what === 'title' ? await saveTitle(t.uuid, title) : await saveContent(t.uuid, content);
      setT(next);
      setSaved(what === 'title' ? 'Title saved' : 'Content saved');
      refresh();
    } catch (err) {
      const failed = err instanceof ApiError && err.status > 0;
      if (what === 'title') setProblem(failed ? TRANSCRIPTION_MESSAGES.titleSaveFailed : TRANSCRIPTION_MESSAGES.titleSaveError);
      else setProblem(failed ? TRANSCRIPTION_MESSAGES.contentSaveFailed : TRANSCRIPTION_MESSAGES.contentSaveError);
    }
  };

  const [deleting, setDeleting] = useState(false);

  const facts: Array<[string, string]> = [
    ['Duration', minutesOf(t)],
    ['Processing time', t.processing_time_seconds === null ? '—' : `${t.processing_time_seconds.toFixed(1)} s`],
    ['Cost', `${formatCredits(t.cost_credits)} credits`],
    ['Created', new Date(t.created_at).toLocaleString()],
  ];

  return (
    <Dialog title={editable ? 'Transcription' : t.title} onClose={onClose} size="lg">
      <div className="space-y-4">
        {t.draft_label && <Alert tone="warning" title={t.draft_label} />}
        {t.refinement_note && <Alert tone="info" title={t.refinement_note} />}
        {editable && (
          <div className="flex items-end gap-2">
            <label className="flex-1 text-sm font-medium text-slate-800">
              Title
              <input className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" value={title} onChange={(e) => setTitle(e.target.value)} data-autofocus />
            </label>
            <Button variant="outline" onClick={() => void save('title')}>
              Save title
            </Button>
          </div>
        )}
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          {facts.map(([k, v]) => (
            <div key={k} className="rounded-lg bg-slate-50 p-2">
              <dt className="text-xs text-slate-600">{k}</dt>
              <dd className="font-medium text-slate-900">{v}</dd>
            </div>
          ))}
        </dl>
        {t.status === 'completed' ? (
          editable ? (
            <label className="block text-sm font-medium text-slate-800">
              Content
              <textarea className="mt-1 h-56 w-full rounded-lg border border-slate-300 p-3 text-sm" value={content} onChange={(e) => setContent(e.target.value)} />
            </label>
          ) : (
            <p className="max-h-72 overflow-y-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm text-slate-800">{mainText(t)}</p>
          )
        ) : (
          <p className="text-sm text-slate-700">{t.status === 'failed' ? (t.error_message ?? TRANSCRIPTION_MESSAGES.failedReleased) : 'Still being transcribed…'}</p>
        )}
        {problem && <Alert tone="error" title={problem} />}
        {saved && <Alert tone="success" title={saved} />}
        <div className="flex flex-wrap items-center gap-2">
          {editable && t.status === 'completed' && <Button onClick={() => void save('content')}>Save content</Button>}
          {t.status === 'completed' && <CopyButton text={mainText(t)} />}
          {t.status === 'completed' && <DownloadLinks t={t} />}
          <Button variant="danger" className="ml-auto" icon={<Trash2 className="size-4" aria-hidden />} onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </div>
      </div>
      {deleting && <DeleteConfirm transcription={t} onDeleted={onClose} onCancel={() => setDeleting(false)} />}
    </Dialog>
  );
}
