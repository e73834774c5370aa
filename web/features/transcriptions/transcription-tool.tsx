import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileAudio, Mic, Pause, Play, Square, Trash2, Upload } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  estimateTranscriptionCost,
  LOCAL_COMPOSER_TYPES,
  LOCAL_DRAFT_LABEL,
  REFINEMENT_LABELS,
  REFINEMENT_TYPES,
  TRANSCRIPTION_DEFAULT_PRICES,
  TRANSCRIPTION_MESSAGES,
  TRANSCRIPTION_MIME_TYPES,
  TRANSCRIPTION_POLL,
  type RefinementType,
  type Transcription,
} from '../../../contract/transcriptions.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useDropTarget } from '../../components/ui/upload-area.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { formatCredits } from '../../lib/credits-format.ts';
import { useAuth } from '../../lib/session/use-auth.ts';
import { useToolEngine } from '../ai-shared/engine.ts';
import { usePaidAction } from '../ai-shared/use-paid-action.ts';
import { DeleteConfirm } from './delete-confirm.tsx';
import { fetchStatus, minutesOf, startTranscription, transcriptionKeys, transcriptionPricesQuery, transcriptionsQuery } from './api.ts';
import { pollTranscription } from './poll.ts';
import { StatusBadge } from './status-badge.tsx';
import { TranscriptionModal } from './transcription-modal.tsx';
import { clock, useRecorder, type Recording } from './use-recorder.ts';

const ACCEPT = TRANSCRIPTION_MIME_TYPES.join(',');
const FALLBACK_PRICES: Record<string, string> = { ...TRANSCRIPTION_DEFAULT_PRICES, local: '0' };
const isAccepted = (file: File) => (TRANSCRIPTION_MIME_TYPES as readonly string[]).includes(file.type.split(';')[0]!.toLowerCase());

interface Job {
  uuid: string;
  name: string;
}

/** /tools/transcription for a signed-in user (spec 3 §2): record or upload, choose a type, start, follow, list. */
export function TranscriptionTool() {
  const { credits } = useAuth();
  const client = useQueryClient();
  const engine = useToolEngine('transcription');
  const priceList = useQuery(transcriptionPricesQuery);
  // Without the price list the estimate uses the spec's per-minute prices: the server charges its own table anyway.
  const prices = priceList.data ?? (priceList.isError ? FALLBACK_PRICES : undefined);
  const [file, setFile] = useState<File | null>(null);
  const [playback, setPlayback] = useState<string | null>(null);
  const [type, setType] = useState<RefinementType>('raw');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [jobs, setJobs] = useState<Job[]>([]);
  const [open, setOpen] = useState<Transcription | null>(null);
  // The cost the user is asked to accept before a paid start (a free draft starts at once).
  const [asking, setAsking] = useState<string | null>(null);
  const listed = useQuery(transcriptionsQuery()).data;
  const list = useMemo(() => listed ?? [], [listed]);
  const stops = useRef(new Map<string, () => void>());
  // Every job this page has followed: one that timed out is not taken up again when the list refreshes.
  const followed = useRef(new Set<string>());
  const draft = engine?.engine === 'local';
  const off = engine?.engine === 'none';

  useEffect(() => {
    const running = stops.current;
    return () => running.forEach((stop) => stop());
  }, []);

  // A replaced or finished recording's playback URL is let go.
  useEffect(() => {
    if (!playback) return;
    return () => URL.revokeObjectURL(playback);
  }, [playback]);

  const onRecorded = useCallback((recording: Recording) => {
    setFile(recording.file);
    setPlayback(recording.url);
    setProblem(null);
  }, []);
  const recorder = useRecorder(onRecorded);

  const perMinute = (t: RefinementType) => prices?.[draft ? 'local' : t] ?? null;
  const rate = perMinute(type);
  const estimate = file && rate !== null ? estimateTranscriptionCost(file.size, rate) : null;
  const available = Number(credits?.available_credits ?? 0);
  const unaffordable = estimate !== null && estimate > available;
  // Shown as soon as the estimate exceeds the balance: the disabled button alone would not say why.
  const shortfall = unaffordable ? TRANSCRIPTION_MESSAGES.insufficient(formatCredits(String(estimate)), formatCredits(String(available))) : null;

  const finish = useCallback(
    (uuid: string, message?: string) => {
      stops.current.delete(uuid);
      setJobs((all) => all.filter((j) => j.uuid !== uuid));
      if (message) setNotice(message);
      void client.invalidateQueries({ queryKey: transcriptionKeys.all });
      void client.invalidateQueries({ queryKey: ['auth'] });
    },
    [client],
  );
  const follow = useCallback(
    (job: Job) => {
      if (followed.current.has(job.uuid)) return;
      followed.current.add(job.uuid);
      setJobs((all) => [job, ...all.filter((j) => j.uuid !== job.uuid)]);
      stops.current.set(
        job.uuid,
        pollTranscription({
          check: () => fetchStatus(job.uuid),
          onCompleted: () => finish(job.uuid),
          onFailed: () => finish(job.uuid, TRANSCRIPTION_MESSAGES.failedReleased),
          onTimeout: () => finish(job.uuid, TRANSCRIPTION_MESSAGES.timeout),
        }),
      );
    },
    [finish],
  );

  const action = usePaidAction({
    send: (body: { file: File; type: RefinementType }, key: string) => startTranscription(body.file, body.type, key),
    answerId: (started) => started.uuid,
    // Held now, charged when the job completes (the balance is re-read then).
    charged: () => null,
    refresh: [transcriptionKeys.all],
    onAnswer: (started, body) => {
      setFile(null);
      setPlayback(null);
      follow({ uuid: started.uuid, name: body.file.name });
    },
  });

  // Jobs started earlier (before a reload, or from Telegram) are still running: follow them like new ones.
  useEffect(() => {
    for (const t of list) if (t.status === 'pending' || t.status === 'processing') follow({ uuid: t.uuid, name: t.original_filename ?? t.title });
  }, [list, follow]);

  const drop = useDropTarget((files) => choose(files));

  function choose(files: FileList | File[] | null) {
    const chosen = files?.[0];
    if (!chosen) return;
    if (!isAccepted(chosen)) {
      setProblem(TRANSCRIPTION_MESSAGES.invalidType);
      return;
    }
    setProblem(null);
    setFile(chosen);
    setPlayback(URL.createObjectURL(chosen));
  }

  async function submit() {
    setNotice(null);
    if (!file) return setProblem(TRANSCRIPTION_MESSAGES.missingFile);
    if (!isAccepted(file)) return setProblem(TRANSCRIPTION_MESSAGES.invalidType);
    if (shortfall) return setProblem(shortfall);
    if (estimate === null) return; // the prices are still loading: nothing to confirm yet
    setProblem(null);
    // A free draft asks nothing; a paid one asks in the app's dialog how much it will cost.
    if (estimate > 0) return setAsking(formatCredits(String(estimate)));
    await send(file);
  }

  async function send(file: File) {
    try {
      await action.mutateAsync({ file, type });
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) return; // the Insufficient Credits dialog says it
      if (err instanceof ApiError && err.status === 503) setProblem(err.generic ? TRANSCRIPTION_MESSAGES.settingUp : err.message);
      else setProblem(TRANSCRIPTION_MESSAGES.startError(errorMessage(err, TRANSCRIPTION_MESSAGES.startFailed)));
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="space-y-6">
        {off && <Alert tone="warning" title={TRANSCRIPTION_MESSAGES.settingUp} />}
        {draft && (
          <Alert tone="info" title={LOCAL_DRAFT_LABEL}>
            No speech provider is set up: recordings are transcribed on this server by a local engine that understands English only and gets many words wrong.
          </Alert>
        )}
        <Card>
          <CardHeader icon={<Mic className="size-5" aria-hidden />} title="Record audio" description="Record straight from your microphone." />
          <CardBody className="flex flex-wrap items-center gap-3">
            {recorder.recording ? (
              <Button variant="danger" icon={<Square className="size-4" aria-hidden />} onClick={recorder.stop}>
                Stop recording
              </Button>
            ) : (
              <Button variant="outline" icon={<Mic className="size-4" aria-hidden />} onClick={() => void recorder.start()}>
                Start recording
              </Button>
            )}
            <span className="font-mono text-sm tabular-nums text-slate-700" role="timer" aria-label="Recording time">
              {clock(recorder.seconds)}
            </span>
            {playback && <Player src={playback} />}
          </CardBody>
        </Card>

        <Card>
          <CardHeader icon={<Upload className="size-5" aria-hidden />} title="Upload audio" description="WAV, MP3, MP4, M4A, WebM or OGG." />
          <CardBody className="space-y-3">
            <label
              {...drop.handlers}
              className={cn(
                'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center text-sm text-slate-600 focus-within:ring-2 focus-within:ring-violet-500',
                drop.over ? 'border-violet-500 bg-violet-50' : 'border-slate-300 hover:border-violet-400',
              )}
            >
              <FileAudio className="size-6 text-violet-600" aria-hidden />
              <span className="font-medium text-slate-800">Choose an audio file or drop it here</span>
              <input type="file" accept={ACCEPT} className="sr-only" onChange={(e) => choose(e.target.files)} aria-label="Audio file" />
            </label>
            <p className="min-h-5 truncate text-sm text-slate-700" aria-live="polite">
              {file ? `Selected: ${file.name} (${(file.size / 1024 / 1024).toFixed(2)} MB)` : 'No file selected'}
            </p>
          </CardBody>
        </Card>
      </div>

      <div className="space-y-6">
        <Card>
          <CardHeader title="Processing type" description={draft ? 'Priced per minute on the local draft engine.' : 'Priced per minute of audio.'} />
          <CardBody>
            <fieldset className="space-y-2">
              <legend className="sr-only">Processing type</legend>
              {REFINEMENT_TYPES.map((t) => {
                // A draft is refined on this server only, by rules that cannot argue a devil's advocate.
                const unavailable = draft && !LOCAL_COMPOSER_TYPES.includes(t);
                return (
                <label key={t} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-violet-500 has-[:checked]:bg-violet-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70">
                  <input type="radio" name="refinement_type" value={t} checked={type === t} disabled={unavailable} onChange={() => setType(t)} className="mt-1" />
                  <span className="flex-1">
                    <span className="block text-sm font-medium text-slate-900">{REFINEMENT_LABELS[t].label}</span>
                    <span className="block text-xs text-slate-600">{unavailable ? 'Needs an AI text provider' : REFINEMENT_LABELS[t].description}</span>
                  </span>
                  <span className="text-sm tabular-nums text-slate-700">{perMinute(t) === null ? '…' : `${formatCredits(perMinute(t)!)} / min`}</span>
                </label>
                );
              })}
            </fieldset>
            <p className="mt-4 min-h-6 text-sm text-slate-700" aria-live="polite">
              Estimated cost: <strong>{estimate === null ? '—' : `${formatCredits(String(estimate))} credits`}</strong>
            </p>
            {shortfall && <Alert tone="error" className="mt-3" title={shortfall} />}
            {problem && problem !== shortfall && <Alert tone="error" className="mt-3" title={problem} />}
            {notice && <Alert tone="info" className="mt-3" title={notice} />}
            <Button className="mt-4 w-full" size="lg" onClick={() => void submit()} loading={action.isPending} disabled={!file || estimate === null || action.isPending || unaffordable || off}>
              Start Transcription
            </Button>
          </CardBody>
        </Card>

        {jobs.length > 0 && (
          <Card>
            <CardHeader title="In progress" />
            <CardBody className="space-y-3">
              {jobs.map((job) => (
                <div key={job.uuid} className="space-y-1">
                  <p className="truncate text-sm text-slate-800">{job.name}</p>
                  <div role="progressbar" aria-label={`Transcribing ${job.name}`} className="h-2 w-full overflow-hidden rounded-full bg-slate-100">
                    <div className="h-full animate-pulse rounded-full bg-violet-600" style={{ width: `${TRANSCRIPTION_POLL.progressPercent}%` }} />
                  </div>
                </div>
              ))}
            </CardBody>
          </Card>
        )}

        <Card>
          <CardHeader title="Your transcriptions" description={`${list.length} ${list.length === 1 ? 'item' : 'items'}`} />
          <CardBody>
            {list.length === 0 ? (
              <p className="text-sm text-slate-600">No transcriptions yet.</p>
            ) : (
              <ul className="max-h-96 space-y-2 overflow-y-auto pr-1">
                {list.map((t) => (
                  <li key={t.uuid} className="flex items-center gap-2 rounded-lg border border-slate-200 p-2">
                    <button type="button" className="min-w-0 flex-1 rounded text-left focus-visible:outline-2 focus-visible:outline-violet-600" onClick={() => setOpen(t)}>
                      <span className="block truncate text-sm font-medium text-slate-900">{t.title}</span>
                      <span className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                        {minutesOf(t)} · {formatCredits(t.cost_credits)} credits <StatusBadge status={t.status} />
                        {t.draft_label && <Badge tone="amber">{t.draft_label}</Badge>}
                      </span>
                    </button>
                    <DeleteButton transcription={t} />
                  </li>
                ))}
              </ul>
            )}
          </CardBody>
        </Card>
      </div>
      {open && <TranscriptionModal transcription={open} editable onClose={() => setOpen(null)} />}
      {asking !== null && file && (
        <ConfirmDialog
          tone="default"
          title="Start this transcription?"
          message={TRANSCRIPTION_MESSAGES.confirm(asking)}
          confirmLabel="Start"
          onConfirm={() => {
            setAsking(null);
            void send(file);
          }}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}

function Player({ src }: { src: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  return (
    <>
      <audio ref={audio} src={src} onEnded={() => setPlaying(false)} onPause={() => setPlaying(false)} onPlay={() => setPlaying(true)} />
      <Button
        variant="ghost"
        icon={playing ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
        onClick={() => (playing ? audio.current?.pause() : void audio.current?.play())}
      >
        {playing ? 'Pause' : 'Play'}
      </Button>
    </>
  );
}

function DeleteButton({ transcription }: { transcription: Transcription }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" aria-label={`Delete ${transcription.title}`} icon={<Trash2 className="size-4" aria-hidden />} onClick={() => setAsking(true)} />
      {asking && <DeleteConfirm transcription={transcription} onDeleted={() => setAsking(false)} onCancel={() => setAsking(false)} />}
    </>
  );
}
