/**
 * Routes of spec 1 §2. Every page loads lazily: one chunk per area, and the public pages a visitor lands on (the
 * landing page, a shared file or content, each legal page) one of their own, so each loads only its own code.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useParams, type RouteObject } from 'react-router';
import { PAGE_REDIRECTS } from '../contract/pages.ts';
import { PageSpinner } from './components/ui/spinner.tsx';
import { AdminRoute, GuestRoute, ProtectedRoute } from './features/auth/guards.tsx';
import { AppLayout } from './app/shell/layout.tsx';
import { AdminRouteError, RouteError } from './app/shell/route-error.tsx';

type Pages<M> = () => Promise<M>;

/** `lazy` for a route whose Component is one export of an area's pages module. */
function lazyPage<M>(load: Pages<M>, pick: (pages: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const admin = () => import('./features/admin/pages.ts');
const auth = () => import('./features/auth/pages.ts');
const batches = () => import('./features/batches/pages.ts');
const credits = () => import('./features/credits/pages.ts');
const dashboard = () => import('./app/dashboard/pages.ts');
const files = () => import('./features/files/pages.ts');
const sharedFile = () => import('./features/files/shared-file-page.tsx');
const sharedContent = () => import('./features/files/content-page.tsx');
const home = () => import('./app/home/pages.ts');
const landing = () => import('./app/home/landing.ts');
const terms = () => import('./features/legal/terms-page.tsx');
const privacy = () => import('./features/legal/privacy-page.tsx');
const accountDeleted = () => import('./features/dashboard/account-deleted-page.tsx');
const shell = () => import('./app/shell/pages.ts');
const tools = () => import('./features/tools/pages.ts');
const toolPage = () => import('./app/tools/pages.ts');
const transcriptions = () => import('./features/transcriptions/pages.ts');

function TranscriptionRedirect() {
  const { uuid = '' } = useParams();
  return <Navigate to={`/transcriptions/${encodeURIComponent(uuid)}`} replace />;
}

const redirect = (to: string) => <Navigate to={to} replace />;

/** The route table's fixed redirects (contract/pages.ts), which the server also answers with HTTP redirects. */
const fixedRedirects: RouteObject[] = Object.entries(PAGE_REDIRECTS)
  .filter(([from]) => !from.includes(':'))
  .map(([from, to]) => ({ path: from.slice(1), element: redirect(to) }));

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
          { index: true, lazy: lazyPage(landing, (m) => m.HomeRoute) },
          { path: 'home', lazy: lazyPage(landing, (m) => m.LandingPage) },
          { path: 'about', lazy: lazyPage(home, (m) => m.AboutPage) },
          { path: 'start', lazy: lazyPage(tools, (m) => m.StartPage) },
          { path: 'tools', lazy: lazyPage(tools, (m) => m.LauncherPage) },
          { path: 'screenshot', lazy: lazyPage(home, (m) => m.ScreenshotPage) },
          { path: 'legal/terms', lazy: lazyPage(terms, (m) => m.TermsPage) },
          { path: 'legal/privacy', lazy: lazyPage(privacy, (m) => m.PrivacyPage) },
          { path: 'content/:id', lazy: lazyPage(sharedContent, (m) => m.ContentPage) },
          { path: 'file/:uuid', lazy: lazyPage(sharedFile, (m) => m.SharedFilePage) },
          // Visitors see a sign-in prompt here rather than being sent to /auth (spec 3 §2)
          { path: 'tools/transcription', lazy: lazyPage(toolPage, (m) => m.TranscriptionToolRoute) },
          // Redirects
          ...fixedRedirects,
          { path: 'transcription/:uuid', Component: TranscriptionRedirect },
          // Spec 3 §2: the file and content pages without an id go home
          { path: 'file', element: redirect('/') },
          { path: 'content', element: redirect('/') },
          // Guests only: /auth sends signed-in users to / (or where they came from), /auth/magic to /tools
          { element: <GuestRoute to="/" />, children: [{ path: 'auth', lazy: lazyPage(auth, (m) => m.SignInPage) }] },
          { element: <GuestRoute to="/tools" />, children: [{ path: 'auth/magic', lazy: lazyPage(auth, (m) => m.MagicLinkPage) }] },
          // A new email's confirmation link: usually opened while still signed in, so open to everyone
          { path: 'auth/confirm-email', lazy: lazyPage(auth, (m) => m.ConfirmEmailPage) },
          // Where account deletion ends (signed out by then), saying what happened
          { path: 'account/deleted', lazy: lazyPage(accountDeleted, (m) => m.AccountDeletedPage) },
          // Signed in
          {
            element: <ProtectedRoute />,
            children: [
              { path: 'tools/:id', lazy: lazyPage(toolPage, (m) => m.ToolPage) },
              { path: 'gallery', lazy: lazyPage(files, (m) => m.GalleryPage) },
              { path: 'batches/:uuid', lazy: lazyPage(batches, (m) => m.BatchPage) },
              { path: 'checkout/test/:packageId', lazy: lazyPage(credits, (m) => m.TestCheckoutPage) },
              { path: 'payments/return', lazy: lazyPage(credits, (m) => m.PaymentReturnPage) },
              { path: 'transcriptions', lazy: lazyPage(transcriptions, (m) => m.TranscriptionsPage) },
              { path: 'transcriptions/:uuid', lazy: lazyPage(transcriptions, (m) => m.TranscriptionPage) },
            ],
          },
          { element: <ProtectedRoute errorTitle="Dashboard Error" />, children: [{ path: 'dashboard', lazy: lazyPage(dashboard, (m) => m.DashboardPage) }] },
          // Admins
          { element: <AdminRoute />, children: [{ path: 'admin', ErrorBoundary: AdminRouteError, lazy: lazyPage(admin, (m) => m.AdminPage) }] },
          { path: '*', lazy: lazyPage(shell, (m) => m.NotFoundPage) },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
