import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Laptop, LogOut, MonitorSmartphone, Smartphone } from 'lucide-react';
import type { AccountSession } from '../../../contract/account.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { accountKeys, endOtherSessionsRequest, endSessionRequest, sessionsQuery } from './account-api.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

/** 'Chrome 126 on macOS'; an unknown part is left out, both unknown reads 'Unknown browser'. */
export function sessionLabel(session: Pick<AccountSession, 'browser' | 'os'>): string {
  const browser = session.browser === 'Unknown' ? null : session.browser;
  const os = session.os === 'Unknown' ? null : session.os;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? (os ? `A browser on ${os}` : 'Unknown browser');
}

const PHONES = new Set(['iOS', 'Android']);

function SessionRow({ session, ending, onEnd }: { session: AccountSession; ending: boolean; onEnd: () => void }) {
  const Icon = PHONES.has(session.os) ? Smartphone : Laptop;
  const label = sessionLabel(session);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
      <Icon className="size-5 shrink-0 text-slate-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {label}
          {session.current && <Badge tone="green">This device</Badge>}
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          Signed in {when(session.created_at)} · Last active {when(session.last_seen_at)}
        </p>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" loading={ending} onClick={onEnd} aria-label={`Sign out ${label}, signed in ${when(session.created_at)}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/** The signed-in sessions: where the account is open, with sign-out for one or every other device. */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
  const endOne = useMutation({ mutationFn: endSessionRequest, onSettled: refresh });
  const endOthers = useMutation({ mutationFn: endOtherSessionsRequest, onSettled: refresh });

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;
  const failure = endOne.error ?? endOthers.error;

  return (
    <Card>
      <CardHeader
        icon={<MonitorSmartphone className="size-5" aria-hidden />}
        title="Signed-in devices"
        description="Where your account is signed in. Sign out any device you do not recognise."
        action={
          others > 0 && (
            <Button variant="outline" size="sm" loading={endOthers.isPending} onClick={() => endOthers.mutate()} icon={<LogOut className="size-4" aria-hidden />}>
              Sign out everywhere else
            </Button>
          )
        }
      />
      <CardBody>
        {sessions.isPending ? (
          <Spinner className="size-5" />
        ) : sessions.isError ? (
          <Alert tone="error">{errorMessage(sessions.error)}</Alert>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Signed-in devices">
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                ending={endOne.isPending && endOne.variables === session.id}
                onEnd={() => endOne.mutate(session.id)}
              />
            ))}
          </ul>
        )}
        {failure && (
          <Alert tone="error" className="mt-4">
            {errorMessage(failure)}
          </Alert>
        )}
        {endOthers.isSuccess && (
          <Alert tone="success" className="mt-4">
            {endOthers.data.ended === 1 ? 'Signed out 1 other device.' : `Signed out ${endOthers.data.ended} other devices.`}
          </Alert>
        )}
      </CardBody>
    </Card>
  );
}
