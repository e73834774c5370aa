import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ADMIN_MESSAGES } from '../../../contract/admin-messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** The router's error boundary: 404s get the not-found page, anything else a reload prompt. */
export function RouteError() {
  return <RouteErrorView title="Something went wrong" lead="This page could not be shown. If the app was just updated, reloading usually fixes it." />;
}

/** The admin page's boundary (spec 3 §2): 'Admin Error', 'Error loading admin component' and the error text. */
export function AdminRouteError() {
  return <RouteErrorView title={ADMIN_MESSAGES.loadErrorTitle} lead={ADMIN_MESSAGES.loadErrorLead} showError />;
}

function RouteErrorView({ title, lead, showError = false }: { title: string; lead: string; showError?: boolean }) {
  const error = useRouteError();
  useDocumentTitle(title);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  const text = error instanceof Error ? error.message : isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : String(error);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <TriangleAlert className="size-8" aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">{lead}</p>
      {showError && <p className="mt-2 text-sm break-words text-red-800">{text}</p>}
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </div>
  );
}
