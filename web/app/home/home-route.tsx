import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../lib/session/use-auth.ts';
import { LauncherPage } from '../../features/tools/launcher-page.tsx';
import { LandingPage } from './landing-page.tsx';

/** /: the landing page for visitors, the tool launcher for signed-in users. */
export function HomeRoute() {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  return status === 'signed-in' ? <LauncherPage /> : <LandingPage />;
}
