import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import type { ContentItem } from '../../../contract/files.ts';
import { Card } from '../../components/ui/card.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api.ts';
import { useAuth } from '../../lib/session/use-auth.ts';
import { GALLERY_MESSAGES } from './api.ts';
import { ItemFooter, ItemProblem, PublicBadge, ShareButton, SignInPrompt, VisibilityButton } from './public-item.tsx';
import { shareDescription } from './share-links.ts';
import { useToggleVisibility } from './use-visibility.ts';
import { CONTENT_MESSAGES, fetchContent } from './content-api.ts';
import { parseContentId } from './content-id.ts';
import { contentKeys } from '../../lib/query-keys.ts';

// Only the owner shares: a visitor's page does not load the dialog.
const ShareDialog = lazy(() => import('./share-dialog.tsx').then((m) => ({ default: m.ShareDialog })));

const numberFormat = new Intl.NumberFormat('en-US');

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 truncate font-semibold text-slate-900 capitalize">{value}</dd>
    </div>
  );
}

function ContentView({ item }: { item: ContentItem }) {
  const auth = useAuth();
  const visibility = useToggleVisibility('content');
  const [sharing, setSharing] = useState(false);
  const id = String(item.id);
  const type = item.content_type_name || item.content_type;

  const actions = item.is_owner ? (
    <div className="flex flex-wrap gap-2">
      <VisibilityButton isPublic={item.is_public} pending={visibility.isPending} onToggle={() => visibility.mutate(id)} />
      <ShareButton onClick={() => setSharing(true)} />
    </div>
  ) : (
    !auth.isSignedIn && !auth.isLoading && <SignInPrompt />
  );

  return (
    <Page
      title={item.title}
      documentTitle={item.page_title}
      badge={!item.is_owner && item.is_public ? <PublicBadge label="Public Content" /> : undefined}
      actions={actions}
      width="reading"
    >
      <div className="-mt-5 mb-6">
        <ItemFooter author={item.user.name} createdAt={item.created_at} type={type} shareCount={item.share_count} />
      </div>
      {visibility.isError && <p role="alert" className="mb-4 text-sm font-medium text-red-600">{GALLERY_MESSAGES.visibility}</p>}
      <Card className="px-5 py-6 sm:px-8 sm:py-8">
        <div className="text-base leading-relaxed break-words whitespace-pre-wrap text-slate-800">{item.content}</div>
      </Card>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Language" value={item.language || '—'} />
        <Stat label="Tone" value={item.tone || '—'} />
        <Stat label="Words" value={numberFormat.format(item.word_count)} />
        <Stat label="Characters" value={numberFormat.format(item.character_count)} />
      </dl>
      {sharing && (
        <Suspense fallback={null}>
          <ShareDialog
            target={{ kind: 'content', id, title: item.page_title, description: shareDescription(type.toLowerCase()), isPublic: item.is_public }}
            onClose={() => setSharing(false)}
          />
        </Suspense>
      )}
    </Page>
  );
}

/** /content/:id (spec 3 §2 Content page). A non-numeric id goes to the home page. */
export function ContentPage() {
  const { id: raw } = useParams();
  const id = parseContentId(raw);
  const query = useQuery({ queryKey: contentKeys.item(String(id)), queryFn: () => fetchContent(id!), enabled: id !== null, retry: false });

  if (id === null) return <Navigate to="/" replace />;
  if (isApiError(query.error) && query.error.status === 404) return <ItemProblem title="Content" message={CONTENT_MESSAGES.notFound} notFound />;
  if (query.isError) return <ItemProblem title="Content" message={CONTENT_MESSAGES.load} notFound={false} />;
  // As tall as the screen below the header: the footer stays out of view until the item arrives, instead of jumping
  // down when it does (a public page's first view is often a visitor's, from a shared link).
  if (query.isPending) return <PageSpinner label="Loading content" className="min-h-[calc(100dvh-4rem)]" />;
  return <ContentView item={query.data} />;
}
