/** Routes of spec 1 §2. Each area's pages load lazily, one chunk per area. */
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useParams, type RouteObject } from 'react-router';
import { PageSpinner } from './components/ui/spinner.tsx';
import { AdminRoute, GuestRoute, ProtectedRoute } from './features/auth/guards.tsx';
import { AppLayout } from './app/shell/layout.tsx';
import { RouteError } from './app/shell/route-error.tsx';

type Pages<M> = () => Promise<M>;

/** `lazy` for a route whose Component is one export of an area's pages module. */
function lazyPage<M>(load: Pages<M>, pick: (pages: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const admin = () => import('./features/admin/pages.ts');
const auth = () => import('./features/auth/pages.ts');
const credits = () => import('./features/credits/pages.ts');
const dashboard = () => import('./app/dashboard/pages.ts');
const files = () => import('./features/files/pages.ts');
const home = () => import('./app/home/pages.ts');
const legal = () => import('./features/legal/pages.ts');
const shell = () => import('./app/shell/pages.ts');
const tools = () => import('./features/tools/pages.ts');
const toolPage = () => import('./app/tools/pages.ts');
const transcriptions = () => import('./features/transcriptions/pages.ts');

function TranscriptionRedirect() {
  const { uuid = '' } = useParams();
  return <Navigate to={`/transcriptions/${encodeURIComponent(uuid)}`} replace />;
}

const redirect = (to: string) => <Navigate to={to} replace />;

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: () => <PageSpinner className="min-h-dvh" />,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          // Everyone
          { index: true, lazy: lazyPage(home, (m) => m.HomeRoute) },
          { path: 'home', lazy: lazyPage(home, (m) => m.LandingPage) },
          { path: 'about', lazy: lazyPage(home, (m) => m.AboutPage) },
          { path: 'start', lazy: lazyPage(tools, (m) => m.StartPage) },
          { path: 'tools', lazy: lazyPage(tools, (m) => m.LauncherPage) },
          { path: 'legal', element: redirect('/legal/terms') },
          { path: 'legal/terms', lazy: lazyPage(legal, (m) => m.TermsPage) },
          { path: 'legal/privacy', lazy: lazyPage(legal, (m) => m.PrivacyPage) },
          { path: 'content/:id', lazy: lazyPage(files, (m) => m.ContentPage) },
          { path: 'file/:uuid', lazy: lazyPage(files, (m) => m.SharedFilePage) },
          // Visitors see a sign-in prompt here rather than being sent to /auth (spec 3 §2)
          { path: 'tools/transcription', lazy: lazyPage(toolPage, (m) => m.TranscriptionToolRoute) },
          // Redirects
          { path: 'library', element: redirect('/transcriptions') },
          { path: 'library/transcriptions', element: redirect('/transcriptions') },
          { path: 'transcription/:uuid', Component: TranscriptionRedirect },
          // Guests only: /auth sends signed-in users to / (or where they came from), /auth/magic to /tools
          { element: <GuestRoute to="/" />, children: [{ path: 'auth', lazy: lazyPage(auth, (m) => m.SignInPage) }] },
          { element: <GuestRoute to="/tools" />, children: [{ path: 'auth/magic', lazy: lazyPage(auth, (m) => m.MagicLinkPage) }] },
          // A new email's confirmation link: usually opened while still signed in, so open to everyone
          { path: 'auth/confirm-email', lazy: lazyPage(auth, (m) => m.ConfirmEmailPage) },
          // Signed in
          {
            element: <ProtectedRoute />,
            children: [
              { path: 'tools/:id', lazy: lazyPage(toolPage, (m) => m.ToolPage) },
              { path: 'gallery', lazy: lazyPage(files, (m) => m.GalleryPage) },
              { path: 'checkout/test/:packageId', lazy: lazyPage(credits, (m) => m.TestCheckoutPage) },
              { path: 'payments/return', lazy: lazyPage(credits, (m) => m.PaymentReturnPage) },
              { path: 'transcriptions', lazy: lazyPage(transcriptions, (m) => m.TranscriptionsPage) },
              { path: 'transcriptions/:uuid', lazy: lazyPage(transcriptions, (m) => m.TranscriptionPage) },
            ],
          },
          { element: <ProtectedRoute errorTitle="Dashboard Error" />, children: [{ path: 'dashboard', lazy: lazyPage(dashboard, (m) => m.DashboardPage) }] },
          // Admins
          { element: <AdminRoute />, children: [{ path: 'admin', lazy: lazyPage(admin, (m) => m.AdminPage) }] },
          { path: '*', lazy: lazyPage(shell, (m) => m.NotFoundPage) },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
