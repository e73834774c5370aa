import { CircleCheck, Clock, Link2Off, LogIn, LogOut, MailQuestion, RotateCcw, TriangleAlert, UserRoundX } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { EmailChangeConfirmed, EmailChangeLinkState, EmailChangeStatus } from '../../../contract/auth.ts';
import { APP_NAME, MAGIC_LINK_REDIRECT_MS, MAGIC_LINK_TTL_MINUTES } from '../../../contract/constants.ts';
import { CLIENT_MESSAGES } from '../../../contract/errors.ts';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useAuth } from '../../lib/session/use-auth.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { confirmEmailChange, fetchEmailChangeStatus } from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { MagicLoading } from './magic-link-views.tsx';

type Problem = Exclude<EmailChangeLinkState, 'valid'>;

type View =
  | { kind: 'checking' }
  /** A valid link opened outside its account: signed out, or signed in to another account. */
  | { kind: 'ask'; status: EmailChangeStatus }
  | { kind: 'confirming' }
  | { kind: 'done'; result: EmailChangeConfirmed }
  | { kind: 'problem'; problem: Problem }
  | { kind: 'error'; message: string };

/**
 * /auth/confirm-email?token=…: the link mailed to a new address. The change takes effect only in a signed-in session
 * of the account that asked for it (issue 26): there the page confirms it and goes to the dashboard. Opened anywhere
 * else (signed out, or signed in to another account, as when someone asked for a change to an address that is not
 * theirs) it changes nothing, says which account the link belongs to, and asks to sign in to that account first.
 */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirming your email');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const auth = useAuth();
  const { isLoading, setUser } = auth;
  const userId = auth.user?.id ?? null;
  // A link without a token has nothing to confirm.
  const [view, setView] = useState<View>(() => (token ? { kind: 'checking' } : { kind: 'problem', problem: 'invalid' }));
  // The account the link was last checked for: signing out (or in) checks it again. The confirm call uses the token
  // once, and this ref also keeps StrictMode's double effect from calling it twice.
  const checkedFor = useRef<string | null | undefined>(undefined);
  const confirming = useRef(false);

  useEffect(() => {
    if (isLoading || !token || checkedFor.current === userId || confirming.current) return;
    checkedFor.current = userId;
    setView({ kind: 'checking' });
    const failed = (error: unknown) => setView({ kind: 'error', message: errorMessage(error, CLIENT_MESSAGES.verificationFailed) });
    fetchEmailChangeStatus(token).then((status) => {
      if (status.state !== 'valid') return setView({ kind: 'problem', problem: status.state });
      if (!status.signed_in_as_owner) return setView({ kind: 'ask', status });
      confirming.current = true;
      setView({ kind: 'confirming' });
      confirmEmailChange(token).then((result) => setView({ kind: 'done', result }), failed);
    }, failed);
  }, [token, isLoading, userId]);

  const result = view.kind === 'done' ? view.result : null;
  useEffect(() => {
    if (!result) return;
    setUser(result.user);
    const timer = setTimeout(() => void navigate('/dashboard', { replace: true }), MAGIC_LINK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [result, setUser, navigate]);

  switch (view.kind) {
    case 'checking':
      return <MagicLoading label="Checking your confirmation link" />;
    case 'confirming':
      return <MagicLoading label="Confirming your new email" />;
    case 'done':
      return (
        <AuthCard icon={<CircleCheck className="size-6" aria-hidden />} tone="success" title="Email confirmed">
          <p role="status" className="flex items-start gap-2 text-slate-600">
            <Spinner className="mt-1 size-4 shrink-0 text-violet-600" />
            <span>
              Your email is now <Strong>{view.result.user.email}</Strong>. Every other session of your account was signed out. Taking you to
              your dashboard…
            </span>
          </p>
        </AuthCard>
      );
    case 'ask':
      return auth.user ? (
        <OtherAccount status={view.status} signedInAs={auth.user.email} onSignOut={() => void auth.logout()} />
      ) : (
        <SignInFirst status={view.status} />
      );
    case 'problem':
      return <LinkProblemView problem={view.problem} signedIn={auth.isSignedIn} />;
    case 'error':
      return (
        <AuthCard icon={<TriangleAlert className="size-6" aria-hidden />} tone="error" title="Your email was not changed">
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {view.message}
          </p>
          <ButtonLink to={auth.isSignedIn ? '/dashboard' : '/auth'} size="lg" className="mt-6 w-full">
            {auth.isSignedIn ? 'Go to your dashboard' : 'Sign in'}
          </ButtonLink>
        </AuthCard>
      );
  }
}

const Strong = ({ children }: { children: ReactNode }) => <strong className="font-semibold break-all text-slate-900">{children}</strong>;

/** Which account the link belongs to and what it would do. */
function WhatItDoes({ status }: { status: EmailChangeStatus }) {
  return (
    <p className="text-slate-600">
      This link makes <Strong>{status.new_email}</Strong> the email of the {APP_NAME} account <Strong>{status.account}</Strong>. It works only
      while you are signed in to that account.
    </p>
  );
}

function NotYou() {
  return (
    <p className="mt-4 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600">
      Did not ask for this? Ignore the link: nothing changes, and no account gets your address.
    </p>
  );
}

function SignInFirst({ status }: { status: EmailChangeStatus }) {
  return (
    <AuthCard icon={<LogIn className="size-6" aria-hidden />} title="Sign in to confirm this change">
      <WhatItDoes status={status} />
      <p className="mt-2 text-slate-600">Sign in to that account first, then open the link in the email again.</p>
      <NotYou />
      <ButtonLink to="/auth" size="lg" className="mt-6 w-full" icon={<LogIn className="size-4" aria-hidden />}>
        Sign in to that account
      </ButtonLink>
    </AuthCard>
  );
}

function OtherAccount({ status, signedInAs, onSignOut }: { status: EmailChangeStatus; signedInAs: string; onSignOut: () => void }) {
  return (
    <AuthCard icon={<UserRoundX className="size-6" aria-hidden />} tone="warning" title="This link is for another account">
      <p className="mb-2 text-slate-600">
        You are signed in as <Strong>{signedInAs}</Strong>, and nothing was changed.
      </p>
      <WhatItDoes status={status} />
      <p className="mt-2 text-slate-600">To confirm it, sign out and sign in to that account, then open the link again.</p>
      <NotYou />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button className="flex-1" variant="outline" onClick={onSignOut} icon={<LogOut className="size-4" aria-hidden />}>
          Sign out
        </Button>
        <ButtonLink to="/dashboard" className="flex-1">
          Go to your dashboard
        </ButtonLink>
      </div>
    </AuthCard>
  );
}

const problems: Record<Problem, { title: string; text: string; icon: typeof Clock }> = {
  used: { title: 'This link was already used', text: 'This change of email was already confirmed. Your dashboard shows the email your account has now.', icon: RotateCcw },
  expired: {
    title: 'This link has expired',
    text: `A confirmation link works for ${MAGIC_LINK_TTL_MINUTES} minutes. Ask for the change again from your dashboard.`,
    icon: Clock,
  },
  superseded: {
    title: 'This link was replaced',
    text: 'A newer change of email was asked for on this account, so this link no longer works. Use the link in the newest email, or ask for the change again from your dashboard.',
    icon: MailQuestion,
  },
  invalid: {
    title: 'Invalid confirmation link',
    text: 'We could not recognise this link. Make sure you opened the whole link from your email, or ask for the change again from your dashboard.',
    icon: Link2Off,
  },
};

function LinkProblemView({ problem, signedIn }: { problem: Problem; signedIn: boolean }) {
  const { title, text, icon: Icon } = problems[problem];
  return (
    <AuthCard icon={<Icon className="size-6" aria-hidden />} tone="warning" title={title}>
      <p className="text-slate-600">{text}</p>
      {problem !== 'used' && <p className="mt-2 text-sm text-slate-500">Your email was not changed by this link.</p>}
      <ButtonLink to={signedIn ? '/dashboard' : '/auth'} size="lg" className="mt-6 w-full">
        {signedIn ? 'Go to your dashboard' : 'Sign in'}
      </ButtonLink>
    </AuthCard>
  );
}
