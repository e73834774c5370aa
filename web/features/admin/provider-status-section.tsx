import { queryOptions, useQuery } from '@tanstack/react-query';
import { CircleCheck, Cpu } from 'lucide-react';
import {
  PROVIDER_PROBLEM_DAYS,
  PROVIDER_RETIREMENT_PAGES,
  providerStatusResponse,
  type ProviderProblem,
  type ProviderStatus,
  type ProviderStatusAnswer,
} from '../../../contract/admin-providers.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { api, parseAnswer } from '../../lib/api.ts';
import { adminKeys } from './admin-api.ts';
import { formatDateTime } from './admin-format.ts';
import { AdminLoadError, AdminLoading } from './admin-states.tsx';

export const providerStatusKey = [...adminKeys.tab('settings'), 'providers'] as const;

/** GET /api/admin/settings/providers. */
export const providerStatusQuery = () =>
  queryOptions({
    queryKey: providerStatusKey,
    queryFn: async () => parseAnswer(providerStatusResponse, await api.get<unknown>('/admin/settings/providers'), 'Failed to load the AI providers'),
  });

/** '5 min ago', '3 h ago', '2 days ago'. */
export function timeAgo(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (!Number.isFinite(minutes)) return '—';
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A setting's value on this server now, by its name (null: not listed, or no value). */
type CurrentValues = ReadonlyMap<string, string | null>;

/** Whether a problem still stands as far as this page can tell: a key, or the model that failed is still the one set. */
const stillSet = (problem: ProviderProblem, current: CurrentValues) => !problem.model || !current.has(problem.setting) || current.get(problem.setting) === problem.model;

function ProblemItem({ problem, current }: { problem: ProviderProblem; current: CurrentValues }) {
  // A retirement page helps with a model; a key or a billing stop is fixed in the provider's account instead.
  const page = problem.model ? PROVIDER_RETIREMENT_PAGES[problem.provider] : undefined;
  const changed = !stillSet(problem, current);
  return (
    <li className="py-2 first:pt-0 last:pb-0">
      <p>
        <span className="font-semibold">{problem.provider}</span>: set <code className="rounded bg-red-100 px-1 font-mono text-[0.8125rem] wrap-anywhere">{problem.setting}</code>
        {problem.model && (
          <>
            {' '}
            (now <code className="font-mono text-[0.8125rem] wrap-anywhere">{problem.model}</code>)
          </>
        )}
        : {problem.reason} — {plural(problem.failures, 'failed generation', 'failed generations')}, last{' '}
        <time dateTime={problem.last_at} title={formatDateTime(problem.last_at)}>
          {timeAgo(problem.last_at)}
        </time>
      </p>
      {changed && (
        <p className="mt-0.5">
          Since changed: this server now uses <code className="font-mono text-[0.8125rem] wrap-anywhere">{current.get(problem.setting) ?? 'no value'}</code>.
        </p>
      )}
      {page && (
        <p className="mt-0.5">
          {problem.provider} lists the models it retires at{' '}
          <a href={page} target="_blank" rel="noreferrer" className="font-medium wrap-anywhere underline underline-offset-2 hover:text-red-950">
            {page.replace(/^https:\/\//, '')}
          </a>
        </p>
      )}
    </li>
  );
}

function ProviderCard({ provider, failing }: { provider: ProviderStatus; failing: ReadonlySet<string> }) {
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{provider.name}</h3>
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-medium',
            provider.configured ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200' : 'bg-slate-100 text-slate-700 ring-1 ring-slate-200',
          )}
        >
          {provider.configured ? 'Configured' : 'Not configured'}
        </span>
      </div>
      <dl className="mt-3 space-y-2 text-sm">
        {provider.settings.map((s) => (
          <div key={s.setting}>
            <dt className="flex flex-wrap items-center gap-x-2 font-mono text-xs text-slate-600">
              {s.setting}
              {failing.has(s.setting) && <span className="font-sans font-semibold text-red-700">Failing: change it</span>}
            </dt>
            <dd className={cn('wrap-anywhere', s.value ? 'text-slate-900' : 'text-slate-500 italic')}>{s.value ?? 'not set'}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function ProviderStatusBody({ answer }: { answer: ProviderStatusAnswer }) {
  const current: CurrentValues = new Map(answer.providers.flatMap((p) => p.settings.map((s) => [s.setting, s.value] as const)));
  const failing = new Set(answer.problems.filter((p) => stillSet(p, current)).map((p) => p.setting));
  return (
    <>
      {answer.problems.length > 0 ? (
        <Alert tone="error" title={`${plural(answer.problems.length, 'setting', 'settings')} to change: providers refused them in the last ${PROVIDER_PROBLEM_DAYS} days`}>
          <ul className="mt-1 divide-y divide-red-200">
            {answer.problems.map((p) => (
              <ProblemItem key={`${p.provider}\u0000${p.setting}\u0000${p.model ?? ''}\u0000${p.reason}`} problem={p} current={current} />
            ))}
          </ul>
        </Alert>
      ) : (
        <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
          <CircleCheck className="size-4 shrink-0 text-emerald-600" aria-hidden />
          No provider refused its settings in the last {PROVIDER_PROBLEM_DAYS} days.
        </p>
      )}
      <ul className="grid gap-4 sm:grid-cols-2" aria-label="AI providers">
        {answer.providers.map((p) => (
          <ProviderCard key={p.name} provider={p} failing={failing} />
        ))}
      </ul>
    </>
  );
}

/**
 * System Settings: the AI services this server has keys for, the models they ask for, and the settings that recent
 * failures say to change (a retired model, a billing stop, a bad key: users only see "not available right now").
 */
export function ProviderStatusSection() {
  const status = useQuery(providerStatusQuery());
  return (
    <Card>
      <CardHeader
        title="AI providers"
        description="Which AI services have a key on this server and the models they use. Settings are changed in the server's environment, then the server is restarted."
        icon={<Cpu className="size-5" aria-hidden />}
      />
      <CardBody className="space-y-5">
        {status.isPending ? (
          <AdminLoading label="Loading the AI providers…" />
        ) : status.isError ? (
          <AdminLoadError error={status.error} />
        ) : (
          <ProviderStatusBody answer={status.data} />
        )}
      </CardBody>
    </Card>
  );
}
