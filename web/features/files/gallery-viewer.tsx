import { Download, Globe, Lock, Maximize2, Share2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { GalleryItem } from '../../../contract/files.ts';
import { Lightbox, LightboxAction } from '../../components/ui/lightbox.tsx';
import { GALLERY_MESSAGES } from './api.ts';
import { viewerDetails } from './format.ts';
import { ShareDialog } from './share-dialog.tsx';
import { entityLabel, fileSocialImage, shareDescription } from './share-links.ts';
import { useToggleVisibility } from './use-visibility.ts';
import { useUpscaleLauncher } from '../ai-shared/upscale/upscale-launcher.tsx';

/** The gallery's lightbox with its actions: make public or private, share, download (spec 3 §2 Gallery), and upscale (spec 2 §1). */
export function GalleryViewer({ items, index, onIndexChange, onClose }: {
  items: GalleryItem[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const visibility = useToggleVisibility('files');
  const [sharing, setSharing] = useState<GalleryItem | null>(null);
  const upscale = useUpscaleLauncher();
  const slides = useMemo(() => items.map((item) => ({ ...item, src: item.fullImage, alt: item.prompt || item.title })), [items]);

  return (
    <>
      <Lightbox
        items={slides}
        index={index}
        onIndexChange={(next) => {
          visibility.reset();
          onIndexChange(next);
        }}
        onClose={onClose}
        label="Gallery image"
        actions={(item) => (
          <>
            <LightboxAction
              icon={item.is_public ? <Lock className="size-4" aria-hidden /> : <Globe className="size-4" aria-hidden />}
              label={item.is_public ? 'Make private' : 'Make public'}
              disabled={visibility.isPending}
              onClick={() => visibility.mutate(item.id)}
            />
            <LightboxAction icon={<Share2 className="size-4" aria-hidden />} label="Share" onClick={() => setSharing(item)} />
            <LightboxAction
              icon={<Maximize2 className="size-4" aria-hidden />}
              label="Upscale"
              onClick={() => upscale.open({ image: item.fullImage, uuid: item.id, title: item.prompt || item.title })}
            />
            <LightboxAction icon={<Download className="size-4" aria-hidden />} label="Download" href={item.fullImage} />
          </>
        )}
        caption={(item) => (
          <>
            {visibility.isError && (
              <p role="alert" className="mb-1 font-medium text-red-300">
                {GALLERY_MESSAGES.visibility}
              </p>
            )}
            {item.prompt && <p className="mx-auto line-clamp-3 max-w-3xl">{item.prompt}</p>}
            <p className="mt-1 text-xs text-white/75">{viewerDetails(item).join(' · ')}</p>
          </>
        )}
      />
      {upscale.element}
      {sharing && (
        <ShareDialog
          target={{
            kind: 'files',
            id: sharing.id,
            title: sharing.title,
            description: shareDescription(entityLabel(sharing.entity_type)),
            isPublic: sharing.is_public,
            image: fileSocialImage(sharing.id),
          }}
          onClose={() => setSharing(null)}
        />
      )}
    </>
  );
}
