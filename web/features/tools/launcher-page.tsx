import { Navigate } from 'react-router';
import { Page } from '../../components/ui/page.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../lib/session/use-auth.ts';
import { ToolLauncher } from './tool-launcher.tsx';

function firstName(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first || null;
}

/** /tools (and / for signed-in users): the tool launcher. */
export function LauncherPage() {
  const { user, isSignedIn } = useAuth();
  const name = firstName(user?.name);
  return (
    <Page
      documentTitle="Tools"
      title={isSignedIn ? (name ? `Welcome back, ${name}` : 'Welcome back') : 'AI tools for creators'}
      description={
        isSignedIn
          ? 'Pick a tool and start creating. You only pay for what you generate.'
          : 'You start, we amplify, you publish. Sign in to use any tool; you pay per generation, with no subscription.'
      }
    >
      <ToolLauncher />
    </Page>
  );
}

/** /start: the launcher for visitors; signed-in users go to /. */
export function StartPage() {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signed-in') return <Navigate to="/" replace />;
  return <LauncherPage />;
}
