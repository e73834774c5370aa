import { useQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import type { SharedFile } from '../../../contract/files.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api.ts';
import { useAuth } from '../../lib/session/use-auth.ts';
import { fetchSharedFile, FILE_MESSAGES, GALLERY_MESSAGES } from './api.ts';
import { ItemFooter, ItemProblem, PublicBadge, ShareButton, SignInPrompt, VisibilityButton } from './public-item.tsx';
import { entityLabel, fileSocialImage, shareDescription } from './share-links.ts';
import { useToggleVisibility } from './use-visibility.ts';
import { fileKeys } from '../../lib/query-keys.ts';

// Only the owner shares: a visitor's page does not load the dialog.
const ShareDialog = lazy(() => import('./share-dialog.tsx').then((m) => ({ default: m.ShareDialog })));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function DownloadLink({ file, label, primary = false, className }: { file: SharedFile; label: string; primary?: boolean; className?: string }) {
  return (
    <a href={file.download_url} download className={buttonClasses(primary ? 'primary' : 'outline', 'md', className)}>
      <Download className="size-4" aria-hidden />
      {label}
    </a>
  );
}

function FileView({ file }: { file: SharedFile }) {
  const auth = useAuth();
  const visibility = useToggleVisibility('files');
  const [sharing, setSharing] = useState(false);
  const type = entityLabel(file.entity_type);
  const isImage = file.file_type.startsWith('image/');

  const actions = file.is_owner ? (
    <div className="flex flex-wrap gap-2">
      <VisibilityButton isPublic={file.is_public} pending={visibility.isPending} onToggle={() => visibility.mutate(file.uuid)} />
      <ShareButton onClick={() => setSharing(true)} />
      <DownloadLink file={file} label="Download" />
    </div>
  ) : (
    !auth.isSignedIn && !auth.isLoading && <SignInPrompt />
  );

  return (
    // The tab and the server-rendered tags name what the owner made, the tool second (page_title); the heading is the tool.
    <Page title={file.title} documentTitle={file.page_title} badge={!file.is_owner && file.is_public ? <PublicBadge label="Public File" /> : undefined} actions={actions}>
      {visibility.isError && <p role="alert" className="-mt-4 mb-4 text-sm font-medium text-red-600">{GALLERY_MESSAGES.visibility}</p>}
      <Card className="overflow-hidden">
        {isImage ? (
          <div className="flex justify-center bg-slate-100 p-3 sm:p-6">
            {/* Its size from the answer, so the page keeps the image's place while it loads (no layout shift): as wide
                as it is, the card or 70% of the screen's height allows, whichever is least. */}
            <img
              src={file.file_url}
              alt={file.prompt || file.title}
              width={file.width ?? undefined}
              height={file.height ?? undefined}
              fetchPriority="high"
              className="h-auto max-h-[70vh] w-auto max-w-full rounded-lg object-contain shadow-sm"
              style={
                file.width && file.height
                  ? { width: `min(100%, ${file.width}px, calc(70vh * ${file.width} / ${file.height}))`, aspectRatio: `${file.width} / ${file.height}` }
                  : undefined
              }
            />
          </div>
        ) : (
          <div className="flex flex-col items-center bg-slate-50 px-6 py-14 text-center">
            <span className="flex size-16 items-center justify-center rounded-2xl bg-violet-50 text-violet-600">
              <FileText className="size-8" aria-hidden />
            </span>
            <p className="mt-4 font-medium text-slate-900">{file.filename}</p>
            <p className="mt-1 text-sm text-slate-500">{file.file_type}</p>
            <DownloadLink file={file} label="Download File" primary className="mt-6" />
          </div>
        )}
        <div className="space-y-3 px-5 py-4 sm:px-6">
          {file.prompt && (
            // Only the creator's own words are a prompt; text the tool wrote (a mockup's description) is described.
            <div>
              <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{file.prompt_source === 'user' ? 'Prompt' : 'Description'}</p>
              <p className="mt-1 text-slate-800">{file.prompt}</p>
            </div>
          )}
          <ItemFooter author={file.user.name} createdAt={file.created_at} type={type} shareCount={file.share_count} />
        </div>
      </Card>
      {sharing && (
        <Suspense fallback={null}>
          <ShareDialog
            target={{ kind: 'files', id: file.uuid, title: file.page_title, description: shareDescription(type), isPublic: file.is_public, image: fileSocialImage(file.uuid) }}
            onClose={() => setSharing(false)}
          />
        </Suspense>
      )}
    </Page>
  );
}

/** /file/:uuid (anyone, spec 3 §2 File page): a public file, or the owner's own file with its controls. */
export function SharedFilePage() {
  const { uuid = '' } = useParams();
  const valid = UUID.test(uuid);
  const query = useQuery({ queryKey: fileKeys.file(uuid), queryFn: () => fetchSharedFile(uuid), enabled: valid, retry: false });

  if (!uuid) return <Navigate to="/" replace />;
  const notFound = !valid || (isApiError(query.error) && query.error.status === 404);
  if (notFound) return <ItemProblem title="File" message={FILE_MESSAGES.notFound} notFound />;
  if (query.isError) return <ItemProblem title="File" message={FILE_MESSAGES.load} notFound={false} />;
  // As tall as the screen below the header: the footer stays out of view until the item arrives, instead of jumping
  // down when it does (a public page's first view is often a visitor's, from a shared link).
  if (query.isPending) return <PageSpinner label="Loading file" className="min-h-[calc(100dvh-4rem)]" />;
  return <FileView file={query.data} />;
}

