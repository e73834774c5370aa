import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { VerifyMagicResult } from '../../../contract/auth.ts';
import { MAGIC_LINK_REDIRECT_MS } from '../../../contract/constants.ts';
import { CLIENT_MESSAGES } from '../../../contract/errors.ts';
import { errorMessage } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { fetchMagicStatus, verifyMagicLink } from './api.ts';
import { linkProblem, nameToSend, needsName, pageAfterSignIn, problemFromError, type LinkProblem } from './magic-link-state.ts';
import { MagicError, MagicLoading, MagicProblem, MagicSuccess, NameForm } from './magic-link-views.tsx';
import { authRedirectState } from '../../lib/session/redirect-state.ts';
import { useAuth } from '../../lib/session/use-auth.ts';

type View =
  | { kind: 'checking' }
  | { kind: 'verifying' }
  | { kind: 'name'; email: string | null }
  | { kind: 'success'; result: VerifyMagicResult }
  | { kind: 'problem'; problem: LinkProblem }
  | { kind: 'error'; message: string };

/**
 * /auth/magic?token=…: checks the link, asks a new user's name, uses the link once, then goes to the page the link was
 * requested for (kept with the link on the server), else /tools.
 */
export function MagicLinkPage() {
  useDocumentTitle('Signing in');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { search } = useLocation();
  const { signIn } = useAuth();
  // A link without a token has nothing to check.
  const [view, setView] = useState<View>(() => (token ? { kind: 'checking' } : { kind: 'problem', problem: 'invalid' }));
  // The token is consumed by verification: these refs keep StrictMode's double effects from using it twice.
  const checked = useRef(false);
  const verifying = useRef(false);

  const verify = async (name?: string) => {
    if (verifying.current) return;
    verifying.current = true;
    setView({ kind: 'verifying' });
    try {
      const result = await verifyMagicLink(token, name);
      // The session cookie is set now, and this page is guest-only: once any profile check (a refocus, the sign-in
      // below) sees the session, its guard sends the user on, before a navigation of ours would land (pages load
      // lazily). So the target goes into this entry's state at once, where the guard reads it.
      await navigate({ search }, { replace: true, state: authRedirectState(pageAfterSignIn(result)) });
      setView({ kind: 'success', result });
    } catch (error) {
      const problem = problemFromError(error);
      setView(problem ? { kind: 'problem', problem } : { kind: 'error', message: errorMessage(error, CLIENT_MESSAGES.verificationFailed) });
    }
  };

  // What the link's status leads to; an effect event, so the check below runs once per token, not per render.
  const onStatus = useEffectEvent((status: Awaited<ReturnType<typeof fetchMagicStatus>>) => {
    const problem = linkProblem(status);
    if (problem) setView({ kind: 'problem', problem });
    else if (needsName(status)) setView({ kind: 'name', email: status.email });
    else void verify();
  });

  useEffect(() => {
    if (checked.current || !token) return;
    checked.current = true;
    fetchMagicStatus(token).then(
      (status) => onStatus(status),
      (error: unknown) => setView({ kind: 'error', message: errorMessage(error, CLIENT_MESSAGES.verificationFailed) }),
    );
  }, [token]);

  // The session is applied when leaving, so the success message is seen for the full 1.5 s.
  const result = view.kind === 'success' ? view.result : null;
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => {
      signIn(result);
      void navigate(pageAfterSignIn(result), { replace: true });
    }, MAGIC_LINK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [result, signIn, navigate]);

  switch (view.kind) {
    case 'checking':
      return <MagicLoading label="Checking your sign-in link" />;
    case 'verifying':
      return <MagicLoading label="Signing you in" />;
    case 'name':
      return <NameForm email={view.email} onSubmit={(name) => void verify(nameToSend(name))} />;
    case 'success':
      return <MagicSuccess isNewUser={view.result.is_new_user} returning={pageAfterSignIn(view.result) !== '/tools'} />;
    case 'problem':
      return <MagicProblem problem={view.problem} />;
    case 'error':
      return <MagicError message={view.message} />;
  }
}
