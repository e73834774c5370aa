import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, KeyRound, Mail, MailCheck, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { APP_NAME, MAGIC_LINK_TTL_MINUTES } from '../../../contract/constants.ts';
import { CLIENT_MESSAGES } from '../../../contract/errors.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/api.ts';
import { fromPath } from '../../lib/session/redirect-state.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AuthCard } from './auth-card.tsx';
import { requestMagicLink } from './api.ts';
import { PasswordSignIn } from './password-sign-in.tsx';

/** /auth: the magic-link form (spec 1 §2 "Sign-in page"). States: idle, sending, sent. */
export function SignInPage() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  // A password is optional (set on the dashboard); the link form stays the default way in.
  const [withPassword, setWithPassword] = useState(false);
  const send = useMutation({ mutationFn: requestMagicLink });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The page the visitor wanted travels with the link: the mail often opens it in a new tab, without this state.
    send.mutate({ email: email.trim(), next: fromPath(location.state) });
  };

  const sendAnother = () => {
    setEmail('');
    send.reset();
  };

  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/');
  };

  if (send.isSuccess) {
    return (
      <AuthCard icon={<MailCheck className="size-6" aria-hidden />} tone="success" title="Check your email">
        <p className="text-slate-600">
          We sent a sign-in link to <strong className="font-semibold text-slate-900">{send.variables.email}</strong>.
        </p>
        <p className="mt-2 text-sm text-slate-500">
          The link is valid for {MAGIC_LINK_TTL_MINUTES} minutes and works once. Don't see it? Check your spam folder.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button className="flex-1" onClick={sendAnother} icon={<Send className="size-4" aria-hidden />}>
            Send Another
          </Button>
          <Button className="flex-1" variant="outline" onClick={back} icon={<ArrowLeft className="size-4" aria-hidden />}>
            Back
          </Button>
        </div>
      </AuthCard>
    );
  }

  if (withPassword) {
    return (
      <AuthCard icon={<KeyRound className="size-6" aria-hidden />} title={`Sign in to ${APP_NAME}`} description="Sign in with the password you set on your dashboard.">
        <PasswordSignIn onUseLink={() => setWithPassword(false)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<Mail className="size-6" aria-hidden />}
      title={`Sign in to ${APP_NAME}`}
      description="Enter your email and we'll send you a magic link. No password needed; new here? The same link creates your account."
    >
      <form onSubmit={submit} className="space-y-4">
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          required
          autoFocus
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={send.isPending}
        />
        {send.isError && <Alert tone="error">{errorMessage(send.error, CLIENT_MESSAGES.magicLinkSendFailed)}</Alert>}
        <Button type="submit" size="lg" className="w-full" loading={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send magic link'}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        <button type="button" className="font-medium text-violet-700 underline-offset-2 hover:underline" onClick={() => setWithPassword(true)}>
          Sign in with a password instead
        </button>
      </p>
      <p className="mt-4 text-center text-xs text-slate-500">
        Sign-in links are valid for {MAGIC_LINK_TTL_MINUTES} minutes and each link works once.
      </p>
    </AuthCard>
  );
}
