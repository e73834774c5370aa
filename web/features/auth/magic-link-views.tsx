import { CircleCheck, Clock, Link2Off, RotateCcw, TriangleAlert, UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { nameFromEmail } from '../../../contract/auth.ts';
import { APP_NAME, MAGIC_LINK_TTL_MINUTES } from '../../../contract/constants.ts';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AuthCard } from './auth-card.tsx';
import type { LinkProblem } from './magic-link-state.ts';

export function MagicLoading({ label }: { label: string }) {
  return (
    <AuthCard icon={<Spinner className="size-6" />} title={label}>
      <p role="status" className="text-slate-600">
        This only takes a moment.
      </p>
    </AuthCard>
  );
}

/** 'Almost There!': a new user picks a name before the link is used. */
export function NameForm({ email, onSubmit }: { email: string | null; onSubmit: (name: string) => void }) {
  const [name, setName] = useState('');
  // An empty name is not an error: the account is named from the address, and the form says so up front.
  const fallback = email ? nameFromEmail(email) : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(name);
  };
  return (
    <AuthCard
      icon={<UserRound className="size-6" aria-hidden />}
      title="Almost There!"
      description={
        <>
          Welcome to {APP_NAME}
          {email ? (
            <>
              , <strong className="font-semibold text-slate-900">{email}</strong>
            </>
          ) : null}
          . What should we call you?
        </>
      }
    >
      <form onSubmit={submit} className="space-y-4">
        <TextField
          label="Your name"
          name="name"
          autoComplete="name"
          autoFocus
          maxLength={100}
          placeholder={fallback ?? 'e.g. Alex Rivera'}
          hint={
            fallback
              ? `Leave it empty to be called ${fallback}. You can change it later in your dashboard.`
              : 'You can change it later in your dashboard.'
          }
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" size="lg" className="w-full">
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}

export function MagicSuccess({ isNewUser, returning }: { isNewUser: boolean; returning: boolean }) {
  return (
    <AuthCard icon={<CircleCheck className="size-6" aria-hidden />} tone="success" title={isNewUser ? `Welcome to ${APP_NAME}!` : "You're signed in!"}>
      <p role="status" className="flex items-center gap-2 text-slate-600">
        <Spinner className="size-4 text-violet-600" />
        {returning ? 'Taking you back to the page you wanted…' : 'Taking you to your tools…'}
      </p>
    </AuthCard>
  );
}

const problems: Record<LinkProblem, { title: string; text: string; icon: typeof Clock }> = {
  expired: {
    title: 'This link has expired',
    text: `For your security a sign-in link is valid for only ${MAGIC_LINK_TTL_MINUTES} minutes. Request a new one to continue.`,
    icon: Clock,
  },
  used: {
    title: 'This link was already used',
    text: 'Each sign-in link works only once. Request a new one to sign in again.',
    icon: RotateCcw,
  },
  invalid: {
    title: 'Invalid sign-in link',
    text: 'We could not recognise this link. Make sure you opened the whole link from your email, or request a new one.',
    icon: Link2Off,
  },
};

export function MagicProblem({ problem }: { problem: LinkProblem }) {
  const { title, text, icon: Icon } = problems[problem];
  return (
    <AuthCard icon={<Icon className="size-6" aria-hidden />} tone="warning" title={title}>
      <p className="text-slate-600">{text}</p>
      <p className="mt-2 text-sm text-slate-500">
        Links are valid for {MAGIC_LINK_TTL_MINUTES} minutes and each link works once.
      </p>
      <ButtonLink to="/auth" size="lg" className="mt-6 w-full">
        Request a new link
      </ButtonLink>
    </AuthCard>
  );
}

export function MagicError({ message }: { message: string }) {
  return (
    <AuthCard icon={<TriangleAlert className="size-6" aria-hidden />} tone="error" title="Sign-in failed">
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        {message}
      </p>
      <ButtonLink to="/auth" size="lg" className="mt-6 w-full">
        Back to sign in
      </ButtonLink>
    </AuthCard>
  );
}
