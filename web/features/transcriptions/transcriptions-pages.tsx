import { useQuery } from '@tanstack/react-query';
import { FileAudio, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { TRANSCRIPTION_MESSAGES, TRANSCRIPTION_POLL, TRANSCRIPTION_SOURCES, type Transcription } from '../../../contract/transcriptions.ts';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card, CardBody } from '../../components/ui/card.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { formatCredits } from '../../lib/credits-format.ts';
import { mainText, minutesOf, transcriptionQuery, transcriptionsQuery } from './api.ts';
import { StatusBadge } from './status-badge.tsx';
import { DownloadLinks, TranscriptionModal } from './transcription-modal.tsx';

const SOURCES = ['all', ...TRANSCRIPTION_SOURCES] as const;
const sourceLabel = (s: string) => (s === 'all' ? 'All sources' : s === 'api' ? 'API' : s[0]!.toUpperCase() + s.slice(1));

/** /transcriptions: the library (spec 3 §2): search, source filter, a count line and the completed items as cards. */
export function TranscriptionsPage() {
  const list = useQuery(transcriptionsQuery());
  const [q, setQ] = useState('');
  const [source, setSource] = useState<(typeof SOURCES)[number]>('all');
  const [open, setOpen] = useState<Transcription | null>(null);
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return (list.data ?? [])
      .filter((t) => t.status === 'completed')
      .filter((t) => source === 'all' || t.source === source)
      .filter((t) => !needle || `${t.title}\n${mainText(t)}\n${t.raw_transcription ?? ''}`.toLowerCase().includes(needle));
  }, [list.data, q, source]);

  return (
    <Page
      title="Transcriptions"
      description="Your library of transcriptions: search, filter and reuse them."
      actions={<ButtonLink to="/tools/transcription" icon={<FileAudio className="size-4" aria-hidden />}>New transcription</ButtonLink>}
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <label className="relative flex-1">
          <span className="sr-only">Search transcriptions</span>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Search titles and text" className="w-full rounded-lg border border-slate-300 py-2 pr-3 pl-9 text-sm" />
        </label>
        <label className="sm:w-48">
          <span className="sr-only">Source</span>
          <select value={source} onChange={(e) => setSource(e.target.value as (typeof SOURCES)[number])} className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm">
            {SOURCES.map((s) => (
              <option key={s} value={s}>
                {sourceLabel(s)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="mt-4 text-sm text-slate-700" role="status">
        {list.isPending ? 'Loading…' : `${shown.length} ${shown.length === 1 ? 'transcription' : 'transcriptions'}`}
      </p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((t) => (
          <li key={t.uuid}>
            <button type="button" onClick={() => setOpen(t)} className="h-full w-full rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-sm hover:border-violet-300 focus-visible:outline-2 focus-visible:outline-violet-600">
              <span className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{t.title}</span>
                <Badge>{sourceLabel(t.source)}</Badge>
              </span>
              <span className="mt-2 line-clamp-3 block text-sm text-slate-700">{mainText(t)}</span>
              <span className="mt-3 block text-xs text-slate-600">
                {minutesOf(t)} · {formatCredits(t.cost_credits)} credits
              </span>
              {t.draft_label && <span className="mt-1 block text-xs font-medium text-amber-800">{t.draft_label}</span>}
            </button>
          </li>
        ))}
      </ul>
      {open && <TranscriptionModal transcription={open} editable={false} onClose={() => setOpen(null)} />}
    </Page>
  );
}

/** /transcriptions/:uuid (spec 3 §2): details, audio, download and the text; re-read every 2 s while it runs. */
export function TranscriptionPage() {
  const { uuid = '' } = useParams();
  const query = useQuery({
    ...transcriptionQuery(uuid),
    refetchInterval: (q) => (q.state.data && ['pending', 'processing'].includes(q.state.data.status) ? TRANSCRIPTION_POLL.detailIntervalMs : false),
  });
  if (query.isPending) return <PageSpinner label="Loading transcription" />;
  const t = query.data;
  if (!t) {
    return (
      <Page title={TRANSCRIPTION_MESSAGES.notFoundHeading} description="It may have been deleted, or the link is wrong.">
        <Link to="/transcriptions" className="text-sm font-medium text-violet-700 underline">
          Back to your transcriptions
        </Link>
      </Page>
    );
  }
  const facts: Array<[string, React.ReactNode]> = [
    ['Status', <StatusBadge key="s" status={t.status} />],
    ['Source', sourceLabel(t.source)],
    ['Duration', minutesOf(t)],
    ['File size', `${(t.file_size_bytes / 1024 / 1024).toFixed(2)} MB`],
    ['Cost', `${formatCredits(t.cost_credits)} credits`],
  ];
  return (
    <Page title={t.title} documentTitle={t.title} actions={<ButtonLink to="/transcriptions" variant="outline">All transcriptions</ButtonLink>}>
      <div className="space-y-6">
        {t.draft_label && <Alert tone="warning" title={t.draft_label} />}
        {t.refinement_note && <Alert tone="info" title={t.refinement_note} />}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {facts.map(([k, v]) => (
            <div key={k} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
              <dt className="text-xs text-slate-600">{k}</dt>
              <dd className="mt-1 text-sm font-medium text-slate-900">{v}</dd>
            </div>
          ))}
        </dl>
        {t.audio_url && (
          <Card>
            <CardBody className="flex flex-wrap items-center gap-3">
              <audio controls src={t.audio_url} className="w-full max-w-xl" aria-label="Recording" />
              <a href={`${t.audio_url}?download=true`} className="text-sm font-medium text-violet-700 underline">
                Download audio
              </a>
            </CardBody>
          </Card>
        )}
        <Card>
          <CardBody className="space-y-3">
            {t.status === 'completed' ? (
              <>
                <div className="flex flex-wrap gap-2">
                  <CopyButton text={mainText(t)} />
                  <DownloadLinks t={t} />
                </div>
                <p className="whitespace-pre-wrap text-sm leading-relaxed text-slate-800">{mainText(t)}</p>
              </>
            ) : t.status === 'failed' ? (
              <Alert tone="error" title={t.error_message ?? TRANSCRIPTION_MESSAGES.failedReleased} />
            ) : (
              <p className="text-sm text-slate-700" role="status">
                Transcribing… this page updates by itself.
              </p>
            )}
          </CardBody>
        </Card>
      </div>
    </Page>
  );
}
