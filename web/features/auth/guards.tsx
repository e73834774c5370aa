import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { authRedirectState, redirectTarget } from '../../lib/session/redirect-state.ts';
import { useAuth, type AuthState } from '../../lib/session/use-auth.ts';

/** Shown on a protected page when the session check itself failed (server unreachable): signed out, with a Retry. */
export function SessionError({ auth, title }: { auth: AuthState; title: string }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16">
      <Alert
        tone="error"
        title={title}
        action={
          <Button variant="outline" size="sm" loading={auth.isRefreshing} onClick={() => void auth.reload()}>
            Retry
          </Button>
        }
      >
        {errorMessage(auth.error, 'We could not check your session.')}
      </Alert>
    </div>
  );
}

/** Signed-in users only; visitors go to /auth and come back here after signing in. */
export function ProtectedRoute({ children, errorTitle = 'Session Error' }: { children?: ReactNode; errorTitle?: string }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status === 'signed-out' && auth.error) return <SessionError auth={auth} title={errorTitle} />;
  if (auth.status === 'signed-out') return <Navigate to="/auth" replace state={authRedirectState(location)} />;
  return <>{children ?? <Outlet />}</>;
}

/** Visitors only; a signed-in user goes to the page remembered in state.from, else `to` (default /tools). */
export function GuestRoute({ children, to = '/tools' }: { children?: ReactNode; to?: string }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status === 'signed-in') return <Navigate to={redirectTarget(location.state, to)} replace />;
  return <>{children ?? <Outlet />}</>;
}

/** Admins only: visitors go to /auth, signed-in users without the admin role go to /. */
export function AdminRoute({ children }: { children?: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status === 'signed-out' && auth.error) return <SessionError auth={auth} title="Session Error" />;
  if (auth.status === 'signed-out') return <Navigate to="/auth" replace state={authRedirectState(location)} />;
  if (!auth.isAdmin) return <Navigate to="/" replace />;
  return <>{children ?? <Outlet />}</>;
}
