import { ImageUp, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { CAPTION_MESSAGES, parseHashtags, type CaptionRequest } from '../../../contract/captions.ts';
import type { GalleryItem } from '../../../contract/files.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { UploadArea } from '../../components/ui/upload-area.tsx';
import { errorMessage } from '../../lib/api.ts';
import { fileServeUrl } from '../../lib/file-urls.ts';
import { prepareSourceImage, stripDataUrl, type SourceImage } from '../../lib/image-resize.ts';
import { isGenerationCancelled, type GenerationRun } from '../../lib/generations.ts';
import { isInsufficientCreditsError } from '../../lib/insufficient-credits.ts';
import { creditKeys } from '../../lib/query-keys.ts';
import { useToolCost } from '../ai-shared/engine.ts';
import { BatchButton } from '../ai-shared/batch/batch-button.tsx';
import { EngineNote } from '../ai-shared/engine-note.tsx';
import { GenerationProgress } from '../ai-shared/generation-progress.tsx';
import { useImageUpload } from '../ai-shared/use-image-upload.ts';
import { usePaidAction } from '../ai-shared/use-paid-action.ts';
import { CAPTION_TOOL_ID, generateCaption, readCaption } from './api.ts';
import { CaptionGallery } from './caption-gallery.tsx';
import { CaptionResults, type CaptionEntry } from './caption-results.tsx';
import { GenerateButton } from './generate-button.tsx';
import { loadGalleryImage } from './gallery-image.ts';
import { SettingsPanel } from './settings-panel.tsx';
import { useCaptionSettings } from './settings.ts';

/** 'Failed to generate content: {message}', or 'An unknown error occurred.' (spec 3 §8); a cancel says only that. */
export function generationFailure(error: unknown): string {
  if (isGenerationCancelled(error)) return error.message;
  return error instanceof Error && error.message ? CAPTION_MESSAGES.failed(errorMessage(error)) : CAPTION_MESSAGES.unknown;
}

/** Caption and hashtag generator (/tools/caption-generator, spec 3 §2): an image, the settings, the captions, the gallery. */
// The tool page passes every tool its config ({ tool }); this one knows its own and ignores it.
export function CaptionPage() {
  const { settings, update } = useCaptionSettings();
  const [validation, setValidation] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [entries, setEntries] = useState<CaptionEntry[]>([]);
  const upload = useImageUpload<SourceImage>({
    prepare: (file) => prepareSourceImage(file, file.name),
    onAdded: () => {
      setValidation(null);
      setError(null);
    },
  });
  const source = upload.image;
  const preparing = upload.reading;
  const uploadError = upload.problems[0] ?? null;
  const endRef = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const { engine, prediction } = useToolCost(CAPTION_TOOL_ID);
  const cost = prediction.data?.required_credits ?? null;

  // A failed credit check does not stop anyone: the server checks again and a 402 opens the dialog (spec 3 §8).
  useEffect(() => {
    if (prediction.error) console.warn('Caption credit check failed', prediction.error);
  }, [prediction.error]);

  const generate = usePaidAction({
    send: (body: CaptionRequest, key: string, run: GenerationRun) => generateCaption(body, key, run),
    answerId: (result) => result.generation_id,
    charged: (result) => result.credits_used,
    refresh: [creditKeys.all],
    onAnswer: (result, body) => {
      const { caption, hashtags } = readCaption(result);
      setEntries((current) => [
        {
          id: result.generation_id,
          caption,
          hashtags,
          additionalHashtags: body.additionalHashtags ?? [],
          timestamp: Date.now(),
          contentId: result.content_id,
          provider: result.provider,
          preview: result.preview,
        },
        ...current,
      ]);
    },
  });
  const busy = generate.isPending || preparing;
  const context = settings.context.trim();
  /** The call's fields other than the image: a Generate's, and a batch's options (issue 28). */
  const options = {
    prompt: context,
    platform: settings.platform,
    length: settings.length,
    tone: settings.tone,
    language: settings.language,
    context,
    additionalHashtags: parseHashtags(settings.additionalHashtags),
  };

  const selectFromGallery = async (item: GalleryItem) => {
    upload.setProblems([]);
    try {
      await upload.load(() => loadGalleryImage(fileServeUrl(item.id), item.title));
      top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    } catch (e) {
      upload.setProblems([e instanceof Error ? e.message : String(e)]);
    }
  };

  const run = async () => {
    if (!source) {
      setValidation(CAPTION_MESSAGES.missing);
      return;
    }
    setValidation(null);
    setError(null);
    const body: CaptionRequest = { imageData: stripDataUrl(source.dataUrl), mimeType: source.mimeType, ...options };
    try {
      await generate.mutateAsync(body);
    } catch (e) {
      // A 402 has opened the Insufficient Credits dialog (usePaidAction).
      if (!isInsufficientCreditsError(e)) setError(generationFailure(e));
    }
  };

  return (
    <div className="space-y-6 pb-20" ref={top}>
      <input {...upload.inputProps} aria-label="Upload an image" />
      {!source ? (
        <Card>
          <CardHeader icon={<ImageUp className="size-5" aria-hidden />} title="Upload an image" description="We write a caption and 5-7 hashtags for it." />
          <CardBody className="space-y-3">
            <UploadArea onBrowse={upload.browse} onFiles={(files) => void upload.choose(files)} disabled={busy} busy={preparing} />
            <BatchButton tool={CAPTION_TOOL_ID} options={options} cost={cost} disabled={busy} hint="Many images? Caption up to 50 at once with your saved caption settings." />
            <EngineNote engine={engine} cost={cost} />
            {uploadError && <Alert tone="error">{uploadError}</Alert>}
            {validation && <Alert tone="error">{validation}</Alert>}
          </CardBody>
        </Card>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <Card className="overflow-hidden">
            <div className="flex items-center justify-center bg-slate-100">
              <img src={source.dataUrl} alt={`Your image: ${source.name}`} className="max-h-[28rem] w-full object-contain" />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
              <p className="min-w-0 truncate text-sm text-slate-600">{source.name}</p>
              <Button variant="outline" size="sm" icon={<RefreshCw className="size-4" aria-hidden />} onClick={upload.browse} disabled={busy}>
                Change image
              </Button>
            </div>
            <div className="px-5 pb-4">
              <BatchButton tool={CAPTION_TOOL_ID} options={options} cost={cost} disabled={busy} />
            </div>
            {uploadError && <Alert tone="error" className="mx-5 mb-4">{uploadError}</Alert>}
          </Card>
          <Card>
            <CardHeader title="Caption settings" description="Saved in this browser for next time." />
            <CardBody className="space-y-4">
              <SettingsPanel settings={settings} update={update} disabled={generate.isPending} local={engine?.preview === true} />
              <EngineNote engine={engine} cost={cost} />
              <GenerateButton onClick={() => void run()} generating={generate.isPending} disabled={busy} cost={cost} validation={validation} endOfTool={endRef} />
              {generate.isPending && <GenerationProgress generation={generate.generation} />}
              {error && <Alert tone="error">{error}</Alert>}
            </CardBody>
          </Card>
        </div>
      )}

      <CaptionResults entries={entries} />
      <CaptionGallery onSelect={(item) => void selectFromGallery(item)} disabled={busy} />
      <div ref={endRef} aria-hidden className="h-px" />
    </div>
  );
}
