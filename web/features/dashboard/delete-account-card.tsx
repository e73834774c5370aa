import { useMutation } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/api.ts';
import { deleteAccountRequest } from './privacy-api.ts';

/** The address typed again, as the server compares it: without case or surrounding spaces. */
export const sameEmail = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase();

/**
 * Delete my account: typing the address is the confirmation (the button stays disabled until it matches). The
 * server ends every session; `onDeleted` then signs out locally and goes home.
 */
export function DeleteAccountCard({ email, onDeleted }: { email: string; onDeleted: () => void }) {
  const [typed, setTyped] = useState('');
  const remove = useMutation({ mutationFn: deleteAccountRequest, onSuccess: onDeleted });
  const matches = sameEmail(typed, email);

  return (
    <Card className="border-red-200">
      <CardHeader
        icon={<Trash2 className="size-5 text-red-600" aria-hidden />}
        title="Delete account"
        description="Deletes your account at once and for good: your files, generations and prompts, transcriptions, texts, Telegram link and sign-in sessions. Unused credits are forfeited. Payment and credit records are kept without your name or email, as accounting requires."
      />
      <CardBody>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (matches) remove.mutate(typed);
          }}
        >
          <TextField
            label="Type your email address to confirm"
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            hint={
              <>
                Type <span className="font-medium text-slate-700">{email}</span>. Export your data first if you want a copy.
              </>
            }
          />
          {remove.isError && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
          <Button type="submit" variant="danger" disabled={!matches} loading={remove.isPending} icon={<Trash2 className="size-4" aria-hidden />}>
            Delete my account
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
