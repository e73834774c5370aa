import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useAuth } from '../../lib/session/use-auth.ts';
import { loginWithPassword } from './api.ts';

/**
 * Sign-in with the password set on the dashboard. Links stay the main way in: a forgotten password is reset by
 * signing in with a link, so this form points back there rather than offering a reset of its own.
 */
export function PasswordSignIn({ onUseLink }: { onUseLink: () => void }) {
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: loginWithPassword,
    // Signed in, /auth's guard sends the visitor on: to the page they came for, else home (as after a link).
    onSuccess: (result) => signIn(result),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ email: email.trim(), password });
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Sign in with a password">
      <TextField
        label="Email address"
        type="email"
        name="email"
        autoComplete="username"
        required
        autoFocus
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={login.isPending}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        disabled={login.isPending}
      />
      {login.isError && <Alert tone="error">{errorMessage(login.error)}</Alert>}
      <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Forgot it, or have none?{' '}
        <button type="button" className="font-medium text-violet-700 underline-offset-2 hover:underline" onClick={onUseLink}>
          Email me a sign-in link
        </button>
      </p>
    </form>
  );
}
