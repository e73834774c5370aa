import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../lib/session/use-auth.ts';
import { LauncherPage } from '../../features/tools/launcher-page.tsx';
import { LandingPage } from './landing-page.tsx';

/**
 * /: the landing page for visitors, the tool launcher for signed-in users. While the session loads, the spinner
 * fills the screen so the footer does not show and then jump away.
 */
export function HomeRoute() {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner className="min-h-dvh" />;
  return status === 'signed-in' ? <LauncherPage /> : <LandingPage />;
}
