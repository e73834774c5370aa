import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, PackageOpen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { EXPORT_TTL_HOURS, type DataExport } from '../../../contract/privacy.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage, isApiError } from '../../lib/api.ts';
import { latestExportQuery, privacyKeys, startExportRequest } from './privacy-api.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

function ReadyExport({ exp }: { exp: DataExport }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3">
      <div role="status" className="text-sm text-emerald-900">
        <p className="font-semibold">Your export is ready</p>
        <p className="mt-0.5">
          {exp.size_bytes !== null && `${formatBytes(exp.size_bytes)} · `}Available until {dateTime.format(new Date(exp.expires_at!))}
        </p>
      </div>
      <a href={exp.download_url!} download className={buttonClasses('primary', 'sm')}>
        <Download className="size-4" aria-hidden />
        Download ZIP
      </a>
    </div>
  );
}

/** The longest a browser timer waits (about 24.8 days); an export expires well within it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The export as it stands now: a ready one whose expires_at has passed is expired (no link), from that moment,
 * as the server answers; a timer re-renders the card when it comes.
 */
function useExportNow(exp: DataExport | null): DataExport | null {
  const [now, setNow] = useState(() => Date.now());
  const expiresAt = exp?.status === 'ready' && exp.expires_at ? Date.parse(exp.expires_at) : NaN;
  const expired = Number.isFinite(expiresAt) && expiresAt <= now;
  useEffect(() => {
    if (!Number.isFinite(expiresAt) || expired) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(MAX_TIMER_MS, Math.max(0, expiresAt - Date.now() + 50)));
    return () => clearTimeout(timer);
  }, [expiresAt, expired, now]);
  return exp && expired ? { ...exp, status: 'expired', download_url: null } : exp;
}

/** Export my data: a ZIP of everything the account holds, built in the background and downloadable for 24 hours. */
export function PrivacyExportCard() {
  const queryClient = useQueryClient();
  const latest = useQuery(latestExportQuery());
  const start = useMutation({
    mutationFn: startExportRequest,
    onSuccess: (exp) => queryClient.setQueryData(privacyKeys.latestExport, exp),
    // 409: one is already running (another tab started it); showing it is the answer.
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyKeys.latestExport }),
  });
  const exp = useExportNow(latest.data ?? null);
  const running = exp?.status === 'pending' || exp?.status === 'running';
  const startError = start.error && !isApiError(start.error, 'CONFLICT') ? start.error : null;

  return (
    <Card>
      <CardHeader
        icon={<PackageOpen className="size-5" aria-hidden />}
        title="Export my data"
        description={`A ZIP with your profile, credit history, purchases, generations and prompts, transcriptions, texts and stored files. The download link works for ${EXPORT_TTL_HOURS} hours, only while you are signed in.`}
      />
      <CardBody className="space-y-4">
        {latest.isPending ? (
          <Spinner className="size-5" />
        ) : latest.isError ? (
          <Alert tone="error">{errorMessage(latest.error)}</Alert>
        ) : running ? (
          <div role="status" className="flex items-center gap-3 text-sm text-slate-700">
            <Spinner className="size-5" />
            Preparing your ZIP… This can take a few minutes for a large gallery; you can leave this page.
          </div>
        ) : (
          <>
            {exp?.status === 'ready' && <ReadyExport exp={exp} />}
            {exp?.status === 'expired' && (
              <Alert tone="info" title="Your last export has expired">
                Its download ended {exp.expires_at ? dateTime.format(new Date(exp.expires_at)) : 'after 24 hours'}. Start a new export to get a fresh ZIP.
              </Alert>
            )}
            {exp?.status === 'failed' && <Alert tone="error">{exp.error}</Alert>}
            {startError && <Alert tone="error">{errorMessage(startError)}</Alert>}
            <Button variant={exp?.status === 'ready' ? 'outline' : 'primary'} loading={start.isPending} onClick={() => start.mutate()}>
              {exp?.status === 'ready' ? 'Start a new export' : 'Export my data'}
            </Button>
          </>
        )}
      </CardBody>
    </Card>
  );
}
