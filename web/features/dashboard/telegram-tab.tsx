import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, Link2, MessageCircle, Mic, RefreshCw, Send, Unlink } from 'lucide-react';
import { useState } from 'react';
import { TELEGRAM_MESSAGES, telegramLinkResponse, telegramStatusResponse, type TelegramStatus } from '../../../contract/telegram.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { api, ApiError, parseAnswer } from '../../lib/api.ts';

const perks = [
  { icon: MessageCircle, text: 'Send text, voice notes or videos to the bot' },
  { icon: Mic, text: 'Get transcriptions and summaries back in the chat' },
  { icon: Bell, text: 'Be notified the moment a job finishes' },
];

const COMMANDS = [
  ['/balance', 'your credits'],
  ['/buy', 'top up'],
  ['/refine <type>', 'summary, action_points, …'],
  ['/help', 'everything the bot does'],
] as const;

/** A call's failure as the spec words it (spec 1 §8): the network's, else the call's; the server's reason beneath. */
function failure(err: unknown, failed: string, network: string): { title: string; detail?: string } {
  if (err instanceof ApiError && err.status === 0) return { title: network };
  if (err instanceof ApiError) return { title: failed, ...(err.generic ? {} : { detail: err.message }) };
  return { title: network };
}

const statusQuery = {
  queryKey: ['telegram', 'status'] as const,
  queryFn: async () => parseAnswer(telegramStatusResponse, await api.get<unknown>('/telegram/status'), TELEGRAM_MESSAGES.statusFailed),
  retry: false,
  refetchOnWindowFocus: true,
};

/**
 * The Telegram integration card (spec 1 §4): link through a one-time deep link, check, test, disconnect. While the
 * site's bot is off a creator reads only that it is not available yet: the settings that turn it on are the
 * operator's, in System Settings and the README (issue 26 item 15).
 */
export function TelegramTab() {
  const client = useQueryClient();
  const status = useQuery(statusQuery);
  const [problem, setProblem] = useState<{ title: string; detail?: string } | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState<'link' | 'test' | 'revoke' | null>(null);
  const [confirming, setConfirming] = useState(false);

  const run = async (what: 'link' | 'test' | 'revoke', action: () => Promise<void>, failed: string, network: string) => {
    setBusy(what);
    setProblem(null);
    setInfo(null);
    try {
      await action();
    } catch (err) {
      setProblem(failure(err, failed, network));
    } finally {
      setBusy(null);
    }
  };

  const generate = () =>
    run(
      'link',
      async () => {
        const answer = parseAnswer(telegramLinkResponse, await api.post<unknown>('/telegram/generate-link'), TELEGRAM_MESSAGES.linkFailed);
        setLink(answer.deep_link);
        window.open(answer.deep_link, '_blank', 'noopener,noreferrer');
      },
      TELEGRAM_MESSAGES.linkFailed,
      TELEGRAM_MESSAGES.linkNetwork,
    );
  const test = () =>
    run(
      'test',
      async () => {
        await api.post<unknown>('/telegram/test-message');
        setInfo('Test message sent. Check your Telegram chat.');
      },
      TELEGRAM_MESSAGES.testFailed,
      TELEGRAM_MESSAGES.testNetwork,
    );
  const revoke = () =>
    run(
      'revoke',
      async () => {
        await api.delete<unknown>('/telegram/connection');
        setConfirming(false);
        setLink(null);
        client.setQueryData(statusQuery.queryKey, (old: TelegramStatus | undefined) =>
          old ? { ...old, connected: false, telegram_username: null, connected_at: null, last_updated: null } : old,
        );
      },
      TELEGRAM_MESSAGES.revokeFailed,
      TELEGRAM_MESSAGES.revokeNetwork,
    );

  const s = status.data;
  const statusError = status.error ? failure(status.error, TELEGRAM_MESSAGES.statusFailed, TELEGRAM_MESSAGES.statusNetwork) : null;

  return (
    <Card>
      <CardHeader icon={<Send className="size-5" aria-hidden />} title="Telegram Integration" description="Use Ampkit from your Telegram chats." />
      <CardBody className="space-y-5">
        <ul className="grid gap-3 sm:grid-cols-3">
          {perks.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
              <Icon className="mt-0.5 size-4 shrink-0 text-violet-600" aria-hidden />
              {text}
            </li>
          ))}
        </ul>

        <div className="min-h-32" role="status" aria-live="polite" aria-busy={status.isPending}>
          {status.isPending ? (
            <p className="text-sm text-slate-600">Checking your Telegram connection…</p>
          ) : statusError ? (
            <Alert tone="error" title={statusError.title} role="alert">
              {statusError.detail}
            </Alert>
          ) : !s?.configured ? (
            <Alert tone="info" title={TELEGRAM_MESSAGES.unavailable}>
              Until it is, you get your results here on the site, and a notice when a job finishes.
            </Alert>
          ) : s.connected ? (
            <div className="space-y-3">
              <p className="text-sm text-slate-800">
                Connected as <strong>{s.telegram_username ? `@${s.telegram_username}` : 'your Telegram account'}</strong>
                {s.bot_username ? (
                  <>
                    {' '}
                    to <strong>@{s.bot_username}</strong>
                  </>
                ) : null}
                .
              </p>
              <dl className="grid gap-2 text-sm sm:grid-cols-2">
                <div className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-xs text-slate-600">Connected</dt>
                  <dd className="font-medium text-slate-900">{s.connected_at ? new Date(s.connected_at).toLocaleString() : '—'}</dd>
                </div>
                <div className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-xs text-slate-600">Last updated</dt>
                  <dd className="font-medium text-slate-900">{s.last_updated ? new Date(s.last_updated).toLocaleString() : '—'}</dd>
                </div>
              </dl>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" icon={<Send className="size-4" aria-hidden />} loading={busy === 'test'} onClick={() => void test()}>
                  Send test message
                </Button>
                <Button variant="danger" icon={<Unlink className="size-4" aria-hidden />} onClick={() => setConfirming(true)}>
                  Disconnect
                </Button>
              </div>
            </div>
          ) : (
            <div className="space-y-3">
              <p className="text-sm text-slate-700">Connect once: the link opens Telegram{s.bot_username ? ` with @${s.bot_username}` : ''}; press Start there, then come back here.</p>
              <div className="flex flex-wrap gap-2">
                <Button icon={<Link2 className="size-4" aria-hidden />} loading={busy === 'link'} onClick={() => void generate()}>
                  Connect Telegram
                </Button>
                {link && (
                  <Button variant="outline" icon={<RefreshCw className="size-4" aria-hidden />} loading={status.isFetching} onClick={() => void status.refetch()}>
                    Check Connection Status
                  </Button>
                )}
              </div>
              {link && (
                <p className="text-sm text-slate-700">
                  If Telegram did not open,{' '}
                  <a href={link} target="_blank" rel="noopener noreferrer" className="font-medium text-violet-700 underline">
                    open the link
                  </a>{' '}
                  (it works once, for 15 minutes).
                </p>
              )}
            </div>
          )}
        </div>

        {problem && (
          <Alert tone="error" title={problem.title}>
            {problem.detail}
          </Alert>
        )}
        {info && <Alert tone="success" title={info} />}

        {s?.configured && (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Bot commands</h3>
            <ul className="mt-2 grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
              {COMMANDS.map(([command, what]) => (
                <li key={command}>
                  <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-900">{command}</code> {what}
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardBody>
      {confirming && (
        <ConfirmDialog
          title="Disconnect Telegram"
          message={TELEGRAM_MESSAGES.confirmDisconnect}
          confirmLabel="Disconnect"
          busyLabel="Disconnecting..."
          busy={busy === 'revoke'}
          error={problem?.title ?? null}
          onConfirm={() => void revoke()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}
