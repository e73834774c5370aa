import { useMutation } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_DELETED_PAGE, blockingCheckoutSchema } from '../../../contract/privacy.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { errorMessage, isApiError } from '../../lib/api.ts';
import { useLogout } from '../../lib/session/use-logout.ts';
import { deleteAccountRequest } from './privacy-api.ts';

/** The address typed again, as the server compares it: without case or surrounding spaces. */
export const sameEmail = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase();

/** The test checkout a refused deletion waits for, to open its page (where Cancel closes it); null for anything else. */
function blockingTestCheckout(error: unknown): string | null {
  if (!isApiError(error, 'CONFLICT')) return null;
  const parsed = blockingCheckoutSchema.safeParse(error.details.checkout);
  if (!parsed.success || !parsed.data.test || !parsed.data.package_id) return null;
  return `/checkout/test/${encodeURIComponent(parsed.data.package_id)}?checkout=${encodeURIComponent(parsed.data.checkout_id)}`;
}

/**
 * Delete my account: typing the address is the confirmation (the button stays disabled until it matches). The
 * server ends every session; the browser then signs out locally and shows the page that says the account is gone.
 */
export function DeleteAccountCard({ email }: { email: string }) {
  const [typed, setTyped] = useState('');
  const logout = useLogout();
  const remove = useMutation({ mutationFn: deleteAccountRequest, onSuccess: () => logout(ACCOUNT_DELETED_PAGE) });
  const matches = sameEmail(typed, email);
  const checkout = remove.isError ? blockingTestCheckout(remove.error) : null;

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
          {remove.isError && (
            <Alert tone="error">
              {errorMessage(remove.error)}
              {checkout && (
                <>
                  {' '}
                  <Link to={checkout} className="font-medium underline">
                    Open that checkout
                  </Link>
                </>
              )}
            </Alert>
          )}
          <Button type="submit" variant="danger" disabled={!matches} loading={remove.isPending} icon={<Trash2 className="size-4" aria-hidden />}>
            Delete my account
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
