import { Download, Repeat, ZoomIn } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Lightbox, LightboxAction, type LightboxItem } from '../../components/ui/lightbox.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useUpscaleLauncher } from '../ai-shared/upscale/upscale-launcher.tsx';
import { HistoryGrid } from './history-grid.tsx';
import { ResultPanel } from './result-panel.tsx';
import { SourcePanel } from './source-panel.tsx';
import { useImageHistory, type HistoryItem } from './use-image-history.ts';
import { useMorpher } from './use-morpher.ts';
import { fileDownloadUrl } from '../../lib/file-urls.ts';

interface ViewerItem extends LightboxItem {
  uuid: string | null;
}

/** AI Image Morpher (/tools/image-variator, spec 2 §2): upload and describe, the result, and the image history. */
// The tool page passes every tool its config ({ tool }); this one knows its own and ignores it.
export function MorpherPage() {
  const m = useMorpher();
  const history = useImageHistory();
  const upscale = useUpscaleLauncher(m.showUpscaled);
  const resultRef = useRef<HTMLElement | null>(null);
  const endRef = useRef<HTMLDivElement | null>(null);
  const [viewer, setViewer] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<HistoryItem | null>(null);
  const [clearing, setClearing] = useState(false);

  useEffect(() => {
    if (m.generating) resultRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [m.generating]);

  const viewerItems = useMemo<ViewerItem[]>(() => {
    const items: ViewerItem[] = history.items.map((item) => ({ id: item.id, uuid: item.id, src: item.image, alt: item.prompt || 'Morphed image', title: item.prompt || undefined }));
    const result = m.result;
    if (result && !items.some((i) => i.id === result.uuid)) {
      items.unshift({ id: result.uuid ?? result.image, uuid: result.uuid, src: result.image, alt: result.prompt || 'Morphed image', title: result.prompt || 'Result' });
    }
    return items;
  }, [history.items, m.result]);

  const openViewer = (id: string | null | undefined) => setViewer(Math.max(0, viewerItems.findIndex((i) => i.id === id)));

  const select = (item: HistoryItem) => {
    m.selectHistory(item);
    resultRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  };

  return (
    <div className="space-y-6 pb-20">
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <SourcePanel m={m} endOfTool={endRef} />
        <ResultPanel
          panelRef={resultRef}
          generating={m.generating}
          generation={m.generation}
          error={m.error}
          result={m.result}
          busy={m.busy}
          onOpen={() => openViewer(m.result?.uuid ?? m.result?.image)}
          onUseAsSource={() => m.result && void m.useAsSource(m.result.image, 'result.jpg')}
          onUpscale={() => m.result && upscale.open({ image: m.result.image, uuid: m.result.uuid, title: m.result.prompt || 'Morphed image' })}
          onImageError={m.historyImageFailed}
        />
      </div>

      <HistoryGrid
        history={history}
        selectedId={m.result?.uuid ?? null}
        disabled={m.busy}
        onSelect={select}
        onView={(item) => openViewer(item.id)}
        onUpscale={(item) => upscale.open({ image: item.image, uuid: item.id, title: item.prompt || 'Morphed image' })}
        onDelete={setDeleting}
        onClear={() => setClearing(true)}
      />
      <div ref={endRef} aria-hidden className="h-px" />

      {viewer !== null && viewerItems[viewer] && (
        <Lightbox
          items={viewerItems}
          index={viewer}
          onIndexChange={setViewer}
          onClose={() => setViewer(null)}
          actions={(item) => (
            <>
              {item.uuid && <LightboxAction icon={<Download className="size-4" aria-hidden />} label="Download" href={fileDownloadUrl(item.uuid)} />}
              <LightboxAction
                icon={<ZoomIn className="size-4" aria-hidden />}
                label="Upscale"
                onClick={() => {
                  setViewer(null);
                  upscale.open({ image: item.src, uuid: item.uuid, title: item.title ?? 'Morphed image' });
                }}
              />
              <LightboxAction
                icon={<Repeat className="size-4" aria-hidden />}
                label="Use as Source"
                disabled={m.busy}
                onClick={() => {
                  setViewer(null);
                  void m.useAsSource(item.src, 'image.jpg');
                }}
              />
            </>
          )}
        />
      )}

      {upscale.element}

      {deleting && (
        <ConfirmDialog
          title="Delete this image?"
          message="It is removed from your history and gallery. This cannot be undone."
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={history.remove.isPending}
          error={history.remove.error ? errorMessage(history.remove.error) : null}
          onCancel={() => {
            history.remove.reset();
            setDeleting(null);
          }}
          onConfirm={() =>
            history.remove.mutate(deleting.id, {
              onSuccess: (id) => {
                m.forgetResult(id);
                setDeleting(null);
              },
            })
          }
        />
      )}
      {clearing && (
        <ConfirmDialog
          title="Clear image history?"
          message="Every image you made with the AI Image Morpher is deleted. This cannot be undone."
          confirmLabel="Clear History"
          busyLabel="Clearing..."
          busy={history.clear.isPending}
          error={history.clear.error ? errorMessage(history.clear.error) : null}
          onCancel={() => {
            history.clear.reset();
            setClearing(false);
          }}
          onConfirm={() =>
            history.clear.mutate(undefined, {
              onSuccess: () => {
                m.forgetResult(null);
                setClearing(false);
              },
            })
          }
        />
      )}
    </div>
  );
}
