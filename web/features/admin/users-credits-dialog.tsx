import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import {
  ADJUSTMENT_REASON,
  adminCreditAdjustmentBody,
  type AdjustmentDirection,
  type AdminCreditAdjustment,
  type AdminLedgerEntry,
} from '../../../contract/admin-users.ts';
import { cmp } from '../../../contract/decimal.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { balanceTone, formatCredits } from '../../lib/credits-format.ts';
import { createActionKeys } from '../../lib/idempotency.ts';
import { adminKeys } from './admin-api.ts';
import { adminWriteError } from './admin-errors.ts';
import { formatDateTime } from './admin-format.ts';
import { AdminLoadError, AdminLoading } from './admin-states.tsx';
import { ADJUST_ERROR, adjustCredits, userLedgerQuery } from './users-api.ts';
import { BALANCE_TEXT } from './users-format.ts';

const DIRECTIONS = [
  { value: 'grant', label: 'Grant' },
  { value: 'deduct', label: 'Deduct' },
] as const;

type FieldErrors = Partial<Record<'amount' | 'reason' | 'direction', string>>;

/** The form's fields checked with the same schema the server uses, so an error names its field before any call. */
export function validateAdjustment(values: { direction: AdjustmentDirection; amount: string; reason: string }): { body?: AdminCreditAdjustment; errors: FieldErrors } {
  const parsed = adminCreditAdjustmentBody.safeParse(values);
  if (parsed.success) return { body: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof FieldErrors;
    errors[field] ??= issue.message;
  }
  return { errors };
}

function LedgerEntry({ entry }: { entry: AdminLedgerEntry }) {
  const negative = cmp(entry.amount, 0) < 0;
  return (
    <li className="flex items-start justify-between gap-3 py-2.5 text-sm">
      <div className="min-w-0">
        <p className="break-words text-slate-900">{entry.description}</p>
        <p className="mt-0.5 text-xs text-slate-600">
          {formatDateTime(entry.created_at)} · {entry.type}
          {entry.actor_email && <> · by {entry.actor_email}</>}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className={cn('font-medium tabular-nums', negative ? 'text-red-700' : 'text-emerald-700')}>
          {negative ? '' : '+'}
          {formatCredits(entry.amount)}
        </p>
        <p className="text-xs text-slate-600 tabular-nums">= {formatCredits(entry.balance_after)}</p>
      </div>
    </li>
  );
}

/**
 * The "Credits" action of a user row: the user's balance and recent ledger, and the form that grants or deducts
 * credits with a required reason. After a change the users list, this ledger and the change log refresh.
 */
export function UserCreditsDialog({ user, onClose }: { user: { id: string; email: string; name: string | null }; onClose: () => void }) {
  const client = useQueryClient();
  const ledger = useQuery(userLedgerQuery(user.id));
  const [direction, setDirection] = useState<AdjustmentDirection>('grant');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const keys = useRef(createActionKeys()).current;

  const adjust = useMutation({
    mutationFn: (body: AdminCreditAdjustment) => keys.run(body, (key) => adjustCredits(user.id, body, key)),
    onSuccess: async (answer, body) => {
      setDone(`${body.direction === 'grant' ? 'Granted' : 'Deducted'} ${formatCredits(body.amount)} credits. New balance: ${formatCredits(answer.balance)}.`);
      setAmount('');
      setReason('');
      await Promise.all([client.invalidateQueries({ queryKey: adminKeys.tab('users') }), client.invalidateQueries({ queryKey: adminKeys.audit('users') })]);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const checked = validateAdjustment({ direction, amount, reason });
    setErrors(checked.errors);
    if (checked.body) adjust.mutate(checked.body);
  };

  const balance = ledger.data?.user.balance;
  return (
    <Dialog title="Credits" description={<span className="break-all">{user.name ? `${user.name} · ${user.email}` : user.email}</span>} icon={<Coins className="size-5" aria-hidden />} onClose={onClose} size="lg">
      {ledger.isPending ? (
        <AdminLoading label="Loading the ledger…" />
      ) : ledger.isError ? (
        <AdminLoadError error={ledger.error} />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Balance <span className={cn('font-semibold tabular-nums', BALANCE_TEXT[balanceTone(balance)])}>{formatCredits(balance)}</span>
            <span className="text-slate-500"> · available {formatCredits(ledger.data.user.available_credits)}</span>
          </p>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">Recent ledger</h3>
          {ledger.data.entries.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">No ledger entries yet.</p>
          ) : (
            <ul aria-label="Recent ledger" className="mt-1 max-h-56 divide-y divide-slate-100 overflow-y-auto pr-1" tabIndex={0}>
              {ledger.data.entries.map((entry) => (
                <LedgerEntry key={entry.id} entry={entry} />
              ))}
            </ul>
          )}
        </>
      )}

      <form onSubmit={submit} noValidate className="mt-5 space-y-4 border-t border-slate-100 pt-4" aria-label="Adjust credits">
        <h3 className="text-sm font-semibold text-slate-900">Adjust credits</h3>
        <ChoiceGroup legend="Direction" name={`direction-${user.id}`} choices={DIRECTIONS} value={direction} onChange={setDirection} columns="grid-cols-2" />
        <TextField label="Amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} hint="Up to 4 decimals." />
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={ADJUSTMENT_REASON.max}
          error={errors.reason}
          hint={`Required, ${ADJUSTMENT_REASON.min} to ${ADJUSTMENT_REASON.max} characters. The user sees it in their transactions.`}
        />
        {adjust.isError && <Alert tone="error">{adminWriteError(adjust.error, ADJUST_ERROR)}</Alert>}
        {done && <Alert tone="success">{done}</Alert>}
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" variant={direction === 'deduct' ? 'danger' : 'primary'} loading={adjust.isPending}>
            {direction === 'deduct' ? 'Deduct credits' : 'Grant credits'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
