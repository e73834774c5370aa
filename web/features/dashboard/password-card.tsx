import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { PasswordChanged } from '../../../contract/account.ts';
import { PASSWORD_LENGTH } from '../../../contract/auth.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { accountKeys, passwordStatusQuery, removePasswordRequest, setPasswordRequest } from './account-api.ts';

/** As sign-up requires (contract/auth.ts passwordSchema). */

/** The field a refused call named, so its message sits beside that input. */
const fieldOf = (error: unknown) => (error instanceof ApiError && typeof error.details.field === 'string' ? error.details.field : null);

function doneMessage(result: PasswordChanged): string {
  if (result.sessions_ended === 0) return result.message.replace(' Every other session was signed out.', '');
  return result.message;
}

/**
 * Password: set one, change it (the current one required), or remove it to sign in by emailed links only.
 * A forgotten password needs no reset flow: signing in with a link and setting a new one here is the reset.
 */
export function PasswordCard({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const status = useQuery(passwordStatusQuery());
  const [mode, setMode] = useState<'set' | 'remove'>('set');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const onDone = (result: PasswordChanged) => {
    queryClient.setQueryData(accountKeys.password, { has_password: result.has_password, can_set: result.can_set });
    // Other sessions may have ended: the sessions card re-reads its list.
    void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    setCurrent('');
    setNext('');
    setRepeat('');
    setMode('set');
    setDone(doneMessage(result));
  };
  const save = useMutation({ mutationFn: setPasswordRequest, onSuccess: onDone });
  const remove = useMutation({ mutationFn: removePasswordRequest, onSuccess: onDone });
  const active = mode === 'set' ? save : remove;

  const hasPassword = status.data?.has_password ?? false;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    if (mode === 'remove') {
      remove.mutate({ current_password: current });
      return;
    }
    if (next !== repeat) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    save.mutate(hasPassword ? { current_password: current, new_password: next } : { new_password: next });
  };

  const switchMode = (to: 'set' | 'remove') => {
    save.reset();
    remove.reset();
    setDone(null);
    setCurrent('');
    setMode(to);
  };

  const failedField = active.isError ? fieldOf(active.error) : null;
  const failure = active.isError ? errorMessage(active.error) : null;

  return (
    <Card>
      <CardHeader
        icon={<KeyRound className="size-5" aria-hidden />}
        title="Password"
        description="Optional: you can always sign in with an emailed link. Forgot your password? Sign in with a link, then set a new one here."
      />
      <CardBody>
        {status.isPending ? (
          <Spinner className="size-5" />
        ) : status.isError ? (
          <Alert tone="error">{errorMessage(status.error)}</Alert>
        ) : !status.data.can_set ? (
          <Alert tone="info">Confirm your email address first: sign in with a link sent to it, then set a password here.</Alert>
        ) : (
          <form onSubmit={submit} className="space-y-4" aria-label={mode === 'remove' ? 'Remove password' : hasPassword ? 'Change password' : 'Set a password'}>
            {/* Password managers file the password under this address. */}
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <p className="text-sm text-slate-600">
              {mode === 'remove'
                ? 'Enter your current password to remove it. You will sign in with emailed links only.'
                : hasPassword
                  ? 'You have a password. Changing it signs out every other device.'
                  : 'You have no password yet. Setting one signs out every other device.'}
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              {(hasPassword || mode === 'remove') && (
                <TextField
                  label="Current password"
                  name="current_password"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={current}
                  onChange={(e) => setCurrent(e.target.value)}
                  disabled={active.isPending}
                  error={failedField === 'current_password' ? (failure ?? undefined) : undefined}
                  className="sm:col-span-2"
                />
              )}
              {mode === 'set' && (
                <>
                  <TextField
                    label="New password"
                    name="new_password"
                    type="password"
                    autoComplete="new-password"
                    required
                    minLength={PASSWORD_LENGTH.min}
                    maxLength={PASSWORD_LENGTH.max}
                    hint={`At least ${PASSWORD_LENGTH.min} characters.`}
                    value={next}
                    onChange={(e) => setNext(e.target.value)}
                    disabled={active.isPending}
                    error={failedField === 'new_password' ? (failure ?? undefined) : undefined}
                  />
                  <TextField
                    label="Repeat new password"
                    name="repeat_password"
                    type="password"
                    autoComplete="new-password"
                    required
                    value={repeat}
                    onChange={(e) => setRepeat(e.target.value)}
                    disabled={active.isPending}
                    error={mismatch ? 'The two passwords are not the same.' : undefined}
                  />
                </>
              )}
            </div>
            {failure && !failedField && <Alert tone="error">{failure}</Alert>}
            <div className="flex flex-wrap gap-3">
              {mode === 'set' ? (
                <>
                  <Button type="submit" loading={save.isPending}>
                    {hasPassword ? 'Change password' : 'Set password'}
                  </Button>
                  {hasPassword && (
                    <Button variant="ghost" className="text-red-600 hover:bg-red-50 hover:text-red-700" onClick={() => switchMode('remove')}>
                      Remove password
                    </Button>
                  )}
                </>
              ) : (
                <>
                  <Button type="submit" variant="danger" loading={remove.isPending}>
                    Remove password
                  </Button>
                  <Button variant="outline" onClick={() => switchMode('set')} disabled={remove.isPending}>
                    Cancel
                  </Button>
                </>
              )}
            </div>
          </form>
        )}
        {done && (
          <Alert tone="success" className="mt-5">
            {done}
          </Alert>
        )}
      </CardBody>
    </Card>
  );
}
