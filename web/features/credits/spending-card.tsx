import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Gauge } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { SPENDING_LIMIT_PATTERN, type Spending } from '../../../contract/spending.ts';
import { cmp } from '../../../contract/decimal.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatCredits } from '../../lib/credits-format.ts';
import { creditKeys } from '../../lib/query-keys.ts';
import { SPENDING_ERROR, spendingQueryOptions } from '../../lib/spending.ts';
import { saveSpending } from './api.ts';

const resetDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
const AMOUNT_HINT = 'Enter an amount of credits, like 50 or 12.5, or leave it empty for none.';

/** An input's text as the API takes it: an amount, or null when empty; undefined when it is not an amount. */
function limitOf(text: string): string | null | undefined {
  const value = text.trim();
  if (!value) return null;
  return SPENDING_LIMIT_PATTERN.test(value) ? value : undefined;
}

/** A saved limit as its input shows it, exact and without trailing zeros ('25.5000' → '25.5'); empty for none. */
const asInput = (limit: string | null) => (!limit ? '' : limit.includes('.') ? limit.replace(/0+$/, '').replace(/\.$/, '') : limit);

function SpendingForm({ spending }: { spending: Spending }) {
  const queryClient = useQueryClient();
  const [cap, setCap] = useState(asInput(spending.monthly_cap));
  const [alert, setAlert] = useState(asInput(spending.low_balance_alert));
  const [problems, setProblems] = useState<{ cap?: string; alert?: string }>({});
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: saveSpending,
    onSuccess: (answer) => {
      queryClient.setQueryData(creditKeys.spending, answer);
      // What was saved, as the server holds it.
      setCap(asInput(answer.monthly_cap));
      setAlert(asInput(answer.low_balance_alert));
      setSaved(true);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const monthly_cap = limitOf(cap);
    const low_balance_alert = limitOf(alert);
    const found = { ...(monthly_cap === undefined ? { cap: AMOUNT_HINT } : {}), ...(low_balance_alert === undefined ? { alert: AMOUNT_HINT } : {}) };
    setProblems(found);
    setSaved(false);
    if (monthly_cap === undefined || low_balance_alert === undefined) return;
    save.mutate({ monthly_cap, low_balance_alert });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Monthly spending cap (credits)"
          hint="Paid tools, batches and API calls that would pass it are refused before anything is charged."
          inputMode="decimal"
          placeholder="No cap"
          value={cap}
          error={problems.cap}
          onChange={(event) => setCap(event.target.value)}
        />
        <TextField
          label="Low-balance alert (credits)"
          hint="When a charge takes your balance below it, you are told here, by mail, in Telegram and by webhook."
          inputMode="decimal"
          placeholder="No alert"
          value={alert}
          error={problems.alert}
          onChange={(event) => setAlert(event.target.value)}
        />
      </div>
      {save.error && <Alert tone="error">{errorMessage(save.error, SPENDING_ERROR)}</Alert>}
      {saved && !save.isPending && <Alert tone="success">Spending limits saved.</Alert>}
      <Button type="submit" loading={save.isPending}>
        Save limits
      </Button>
    </form>
  );
}

/** This month's spending against the cap, and the reset date. */
function MonthFigures({ spending }: { spending: Spending }) {
  const resets = resetDay.format(new Date(spending.resets_at));
  if (!spending.monthly_cap) {
    return (
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900 tabular-nums">{formatCredits(spending.spent_this_month)}</span> credits spent or reserved this month. The
        month starts again on {resets} (UTC).
      </p>
    );
  }
  const cap = spending.monthly_cap;
  const percent = cmp(cap, '0') > 0 ? Math.min(100, (Number(spending.spent_this_month) / Number(cap)) * 100) : 100;
  return (
    <div>
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900 tabular-nums">{formatCredits(spending.spent_this_month)}</span> of your {formatCredits(cap)}-credit cap spent or
        reserved this month. It resets on {resets} (UTC).
      </p>
      <ProgressBar value={percent} label="Monthly cap used" className="mt-2" barClassName={percent >= 90 ? 'bg-red-500' : percent >= 75 ? 'bg-amber-500' : undefined} />
    </div>
  );
}

/** Dashboard, Credits: the monthly spending cap and the low-balance alert (issue 29). */
export function SpendingCard() {
  const spending = useQuery(spendingQueryOptions());
  return (
    <Card aria-label="Spending limits">
      <CardHeader
        icon={<Gauge className="size-5" aria-hidden />}
        title="Spending limits"
        description="Keep scripts and batches from spending more than you mean to. A month is a calendar month in UTC."
      />
      <CardBody className="space-y-5">
        {spending.data ? (
          <>
            <MonthFigures spending={spending.data} />
            <SpendingForm spending={spending.data} />
          </>
        ) : spending.isError ? (
          <Alert
            tone="error"
            action={
              <Button size="sm" variant="outline" onClick={() => void spending.refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(spending.error, SPENDING_ERROR)}
          </Alert>
        ) : (
          <PageSpinner label="Loading spending limits" className="min-h-24" />
        )}
      </CardBody>
    </Card>
  );
}
