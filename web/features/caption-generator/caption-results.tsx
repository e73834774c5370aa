import { Check, Copy, ExternalLink, MessageSquareText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CAPTION_MESSAGES, COPY_FEEDBACK_MS } from '../../../contract/captions.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { PreviewNote } from '../ai-shared/engine-note.tsx';
import { copyText } from './api.ts';

/** One generated caption, kept in this page only (spec 3 §3). */
export interface CaptionEntry {
  id: string;
  caption: string;
  hashtags: string[];
  additionalHashtags: string[];
  timestamp: number;
  contentId: number;
  provider: string;
  preview: boolean;
}

/** How long a new result is highlighted (spec 3 §9). */
export const HIGHLIGHT_MS = 600;

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setFailed(false);
      setCopied(true);
    } catch {
      setFailed(true);
    }
  };
  return (
    <Button variant={copied ? 'secondary' : 'outline'} size="sm" onClick={() => void copy()} icon={copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}>
      {copied ? 'Copied' : failed ? 'Copy failed' : 'Copy'}
    </Button>
  );
}

function ResultCard({ entry, fresh }: { entry: CaptionEntry; fresh: boolean }) {
  return (
    <li
      className={cn('space-y-3 rounded-xl border bg-white p-4 transition-shadow duration-500', fresh ? 'border-violet-400 shadow-[0_0_0_4px_rgba(139,92,246,0.25)]' : 'border-slate-200')}
      data-fresh={fresh || undefined}
      data-testid="caption-result"
    >
      <p className="text-[15px] leading-relaxed break-words whitespace-pre-line text-slate-800">{entry.caption}</p>
      <p className="flex flex-wrap gap-1.5" aria-label="Hashtags">
        {entry.hashtags.map((tag) => (
          <span key={tag} className="rounded-full bg-violet-50 px-2.5 py-0.5 text-sm font-medium break-all text-violet-700">
            #{tag}
          </span>
        ))}
      </p>
      {entry.preview && <PreviewNote />}
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton text={copyText(entry.caption, entry.hashtags)} />
        {entry.contentId > 0 && (
          <Link
            to={`/content/${entry.contentId}`}
            className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-violet-700 hover:bg-violet-50"
          >
            <ExternalLink className="size-4" aria-hidden /> Open and share
          </Link>
        )}
        <span className="ml-auto text-xs text-slate-500">
          {entry.provider} · {new Date(entry.timestamp).toLocaleTimeString()}
        </span>
      </div>
    </li>
  );
}

/** The captions of this visit, newest first, each with copy (spec 3 §2); a new one is highlighted for 600 ms. */
export function CaptionResults({ entries }: { entries: CaptionEntry[] }) {
  const newest = entries[0]?.id ?? null;
  // The newest is highlighted until its 600 ms are up (then it is the one 'faded').
  const [faded, setFaded] = useState<string | null>(null);
  useEffect(() => {
    if (!newest) return;
    const timer = setTimeout(() => setFaded(newest), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [newest]);
  const fresh = newest !== faded ? newest : null;
  if (!entries.length) return null;
  return (
    <Card>
      <CardHeader icon={<MessageSquareText className="size-5" aria-hidden />} title="Your captions" description="Newest first." />
      <CardBody className="space-y-4">
        <Alert tone="info">{CAPTION_MESSAGES.keptNote}</Alert>
        <ul className="space-y-3" aria-label="Generated captions">
          {entries.map((entry) => (
            <ResultCard key={entry.id} entry={entry} fresh={entry.id === fresh} />
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
