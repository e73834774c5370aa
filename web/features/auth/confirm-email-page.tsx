import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { VerifyMagicResult } from '../../../contract/auth.ts';
import { MAGIC_LINK_REDIRECT_MS } from '../../../contract/constants.ts';
import { CLIENT_MESSAGES } from '../../../contract/errors.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { verifyMagicLink } from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { problemFromError, type LinkProblem } from './magic-link-state.ts';
import { MagicError, MagicLoading, MagicProblem } from './magic-link-views.tsx';
import { useAuth } from '../../lib/session/use-auth.ts';

type View =
  | { kind: 'confirming' }
  | { kind: 'done'; result: VerifyMagicResult }
  | { kind: 'problem'; problem: LinkProblem }
  | { kind: 'error'; message: string };

/**
 * /auth/confirm-email?token=…: the link mailed to a new address. Open to everyone (unlike /auth/magic, which
 * sends a signed-in user away), since whoever asked for the change is usually still signed in. Uses the link
 * once, signs its account in with the new address, then goes to the dashboard.
 */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirming your email');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { signIn, isLoading } = useAuth();
  // A link without a token has nothing to confirm.
  const [view, setView] = useState<View>(() => (token ? { kind: 'confirming' } : { kind: 'problem', problem: 'invalid' }));
  // The token is consumed by the call: this ref keeps StrictMode's double effect from using it twice.
  const started = useRef(false);

  useEffect(() => {
    // A browser that is signed in must send its session's CSRF token, which the profile check provides.
    if (isLoading || started.current || !token) return;
    started.current = true;
    verifyMagicLink(token).then(
      (result) => setView({ kind: 'done', result }),
      (error: unknown) => {
        const problem = problemFromError(error);
        setView(problem ? { kind: 'problem', problem } : { kind: 'error', message: errorMessage(error, CLIENT_MESSAGES.verificationFailed) });
      },
    );
  }, [token, isLoading]);

  const result = view.kind === 'done' ? view.result : null;
  useEffect(() => {
    if (!result) return;
    signIn(result);
    const timer = setTimeout(() => void navigate('/dashboard', { replace: true }), MAGIC_LINK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [result, signIn, navigate]);

  switch (view.kind) {
    case 'confirming':
      return <MagicLoading label="Confirming your new email" />;
    case 'done':
      return (
        <AuthCard icon={<CircleCheck className="size-6" aria-hidden />} tone="success" title="Email confirmed">
          <p role="status" className="flex items-start gap-2 text-slate-600">
            <Spinner className="mt-1 size-4 shrink-0 text-violet-600" />
            <span>
              Your email is now <strong className="font-semibold break-all text-slate-900">{view.result.user.email}</strong>. Taking you to your
              dashboard…
            </span>
          </p>
        </AuthCard>
      );
    case 'problem':
      return <MagicProblem problem={view.problem} />;
    case 'error':
      return <MagicError message={view.message} />;
  }
}
