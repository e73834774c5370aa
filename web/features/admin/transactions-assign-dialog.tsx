import { useState, type FormEvent } from 'react';
import type { AdminTransaction } from '../../../contract/admin-payments.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { formatCredits } from '../../lib/credits-format.ts';
import { adminWriteError } from './admin-errors.ts';
import { useTransactionAction } from './transactions-api.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Gives a payment that names no account to one, by its user id or email address (its credits are granted once). */
export function AssignDialog({ payment, onClose }: { payment: AdminTransaction; onClose: () => void }) {
  const [who, setWho] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const action = useTransactionAction();

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = who.trim();
    if (!value) return setInvalid('Enter a user id or an email address');
    const account = UUID.test(value) ? { user_id: value } : value.includes('@') ? { email: value } : null;
    if (!account) return setInvalid('Enter a user id or an email address');
    setInvalid(null);
    action.mutate({ sub_action: 'assign', payment_id: payment.id, ...account }, { onSuccess: onClose });
  }

  return (
    <Dialog
      title="Assign payment"
      description={`Stripe gave no account for this payment${payment.user_email ? ` (payer: ${payment.user_email})` : ''}. Its ${formatCredits(payment.credits_purchased)} credits go to the account you name, once.`}
      onClose={action.isPending ? () => {} : onClose}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField label="User id or email" value={who} onChange={(e) => setWho(e.target.value)} error={invalid ?? undefined} autoComplete="off" data-autofocus />
        {action.isError && <Alert tone="error">{adminWriteError(action.error, 'Failed to assign the payment')}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={action.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={action.isPending}>
            Assign
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
