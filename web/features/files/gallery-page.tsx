import { Images, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { FILE_RETENTION_DAYS, type GalleryItem } from '../../../contract/files.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { inputClasses } from '../../components/ui/input.tsx';
import { Page } from '../../components/ui/page.tsx';
import { cn } from '../../components/ui/cn.ts';
import { useToolsConfig } from '../../lib/tools-config.ts';
import { BatchStrip } from '../ai-shared/batch/batch-list.tsx';
import { GALLERY_MESSAGES } from './api.ts';
import { GalleryCard, GalleryCardSkeleton } from './gallery-card.tsx';
import { GalleryViewer } from './gallery-viewer.tsx';
import { useGallery } from './use-gallery.ts';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4';

function ToolFilter({ value, onChange }: { value: string | null; onChange: (tool: string | null) => void }) {
  const id = useId();
  const { tools } = useToolsConfig();
  const imageTools = tools.filter((t) => t.category === 'image' && t.status !== 'disabled');
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Tool
      </label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} className={cn(inputClasses, 'w-auto py-2 pr-8')}>
        <option value="">All tools</option>
        {imageTools.map((t) => (
          <option key={t.id} value={t.id}>
            {t.title}
          </option>
        ))}
      </select>
    </div>
  );
}

function EmptyGallery({ filtered }: { filtered: boolean }) {
  return (
    <Card className="flex flex-col items-center px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-violet-50 text-violet-600">
        <Images className="size-7" aria-hidden />
      </span>
      <h2 className="mt-5 text-lg font-semibold text-slate-900">{filtered ? 'No images from this tool yet' : 'No images yet'}</h2>
      <p className="mt-1 max-w-md text-slate-600">Images you create with the AI tools are saved here for {FILE_RETENTION_DAYS} days.</p>
      <ButtonLink to="/tools" className="mt-6">
        Browse tools
      </ButtonLink>
    </Card>
  );
}

/** /gallery (spec 3 §2): my generated images, 24 a page, with a tool filter, delete-all, a lightbox and sharing. */
export function GalleryPage() {
  const [tool, setTool] = useState<string | null>(null);
  const { query, items, remove, clear } = useGallery(tool);
  const [viewing, setViewing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<GalleryItem | null>(null);
  const [clearing, setClearing] = useState(false);

  const chooseTool = (next: string | null) => {
    setViewing(null);
    setTool(next);
  };
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };
  const closeClear = () => {
    setClearing(false);
    clear.reset();
  };

  let body;
  if (query.isPending) {
    body = (
      <ul className={GRID} aria-label="Loading images" aria-busy>
        {Array.from({ length: 8 }, (_, i) => (
          <GalleryCardSkeleton key={i} />
        ))}
      </ul>
    );
  } else if (query.isError && items.length === 0) {
    body = (
      <Alert tone="error" action={<Button size="sm" variant="outline" loading={query.isFetching} onClick={() => void query.refetch()}>Try again</Button>}>
        {GALLERY_MESSAGES.load}
      </Alert>
    );
  } else if (items.length === 0) {
    body = <EmptyGallery filtered={tool !== null} />;
  } else {
    body = (
      <>
        <ul className={GRID} aria-label="Gallery images">
          {items.map((item, index) => (
            <GalleryCard key={item.id} item={item} onOpen={() => setViewing(index)} onDelete={() => setDeleting(item)} />
          ))}
        </ul>
        {query.isFetchNextPageError && <Alert tone="error" className="mt-6">{GALLERY_MESSAGES.load}</Alert>}
        {query.hasNextPage && (
          <div className="mt-8 flex justify-center">
            <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <Page
      title="Gallery"
      description={`Everything you have generated, in one place. Images are deleted automatically after ${FILE_RETENTION_DAYS} days.`}
      actions={
        <div className="flex flex-wrap items-center gap-3">
          <ToolFilter value={tool} onChange={chooseTool} />
          <Button variant="outline" className="border-red-200 text-red-600 hover:bg-red-50" disabled={items.length === 0} onClick={() => setClearing(true)} icon={<Trash2 className="size-4" aria-hidden />}>
            Delete all
          </Button>
        </div>
      }
    >
      <BatchStrip />
      {body}
      {viewing !== null && items[viewing] && <GalleryViewer items={items} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete this image?"
          message="It is removed from your gallery and its share link stops working. This cannot be undone."
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          error={remove.isError ? GALLERY_MESSAGES.delete : null}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
          onCancel={closeDelete}
        />
      )}
      {clearing && (
        <ConfirmDialog
          title={tool ? 'Delete all images from this tool?' : 'Delete all images?'}
          message="Every image in this view is removed from your gallery and their share links stop working. This cannot be undone."
          confirmLabel="Delete all"
          busyLabel="Deleting..."
          busy={clear.isPending}
          error={clear.isError ? GALLERY_MESSAGES.clear : null}
          onConfirm={() => clear.mutate(undefined, { onSuccess: closeClear })}
          onCancel={closeClear}
        />
      )}
    </Page>
  );
}
