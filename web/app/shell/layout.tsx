import { lazy, Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useAuth } from '../../lib/session/use-auth.ts';
import { SessionCleaner } from '../../lib/session/use-logout.ts';
import { InsufficientCreditsProvider } from '../../features/credits/insufficient-credits-provider.tsx';
import { NotificationBanner } from '../../features/notifications/notification-banner.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { ScrollManager } from './scroll-manager.tsx';

/** A thin bar at the very top while a lazily loaded page is on its way. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-violet-100">
      <div className="h-full w-1/3 animate-progress bg-violet-600" />
    </div>
  );
}

// Signed-in users only, in a chunk of its own: visitors' pages (the landing page) load none of it.
const ActiveGenerations = lazy(() => import('./active-generations.tsx').then((m) => ({ default: m.ActiveGenerations })));

/** The running generations and their notices, wherever the user is (issue 24). */
function SignedInGenerations() {
  const { isSignedIn } = useAuth();
  if (!isSignedIn) return null;
  return (
    <Suspense fallback={null}>
      <ActiveGenerations />
    </Suspense>
  );
}

/** The standard layout: the notification banner, header, page, footer. */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <ScrollManager />
      <SessionCleaner />
      <NavigationProgress />
      <InsufficientCreditsProvider>
        <NotificationBanner />
        <Header />
        <main id="main" className="flex flex-1 flex-col">
          <Outlet />
        </main>
        <Footer />
        <SignedInGenerations />
      </InsufficientCreditsProvider>
    </div>
  );
}
