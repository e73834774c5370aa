import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import type { UpscaleResult } from './api.ts';
import { UpscaleDialog, type UpscaleTarget } from './upscale-dialog.tsx';
import { imageUuidFromUrl, UPSCALE_MESSAGES } from './upscale-settings.ts';

export interface UpscaleRequestTarget {
  /** The image's url; its file uuid is read from it when `uuid` is not given. */
  image: string;
  uuid?: string | null;
  title: string;
}

/**
 * Opens the Upscale dialog for an image from the history or the gallery. An image without a file uuid (not saved to
 * the gallery) gets the spec's message instead (spec 2 §5). Render `element` once; call `open` from any button.
 */
export function useUpscaleLauncher(onUpscaled?: (result: UpscaleResult) => void): { open: (target: UpscaleRequestTarget) => void; element: ReactNode } {
  const [target, setTarget] = useState<UpscaleTarget | null>(null);
  const [unsaved, setUnsaved] = useState(false);

  const open = (request: UpscaleRequestTarget) => {
    const uuid = request.uuid || imageUuidFromUrl(request.image);
    if (!uuid) {
      setUnsaved(true);
      return;
    }
    setTarget({ uuid, image: request.image, title: request.title });
  };

  const element = (
    <>
      {target && <UpscaleDialog key={target.uuid} target={target} onClose={() => setTarget(null)} onUpscaled={onUpscaled} />}
      {unsaved && (
        <Dialog
          title="Upscale Image"
          size="sm"
          onClose={() => setUnsaved(false)}
          footer={<Button onClick={() => setUnsaved(false)}>OK</Button>}
        >
          <Alert tone="warning" role="alert">
            {UPSCALE_MESSAGES.saveFirst}
          </Alert>
        </Dialog>
      )}
    </>
  );
  return { open, element };
}
