import { Camera, ImageUp, Settings2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { mul } from '../../../contract/decimal.ts';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { BatchButton } from '../ai-shared/batch/batch-button.tsx';
import { EngineNote } from '../ai-shared/engine-note.tsx';
import { useToolCost } from '../ai-shared/engine.ts';
import { PaidButton } from '../ai-shared/paid-button.tsx';
import { PHOTOSHOOT_TOOL_ID } from './api.ts';
import { ReferencePhotos } from './reference-photos.tsx';
import { ResultsGrid } from './results-grid.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { usePhotoshoot } from './use-photoshoot.ts';

/**
 * AI photoshoot (/tools/ai-photoshoot, spec 3 §2): reference photos and the settings side by side on a desktop (one
 * column on a phone), Generate with the set's cost (the per-photo price x variations, spec 3 §9), and the grid of
 * results filled in order.
 */
// The tool page passes every tool its config ({ tool }); this one knows its own and ignores it.
export function PhotoshootPage() {
  const p = usePhotoshoot();
  const { engine, prediction } = useToolCost(PHOTOSHOOT_TOOL_ID);
  const perPhoto = prediction.data?.required_credits ?? null;
  const total = perPhoto === null ? null : mul(perPhoto, String(p.variations));
  const resultsRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  // On a phone the grid is below the settings: bring it into view when the set starts.
  useEffect(() => {
    if (p.generating) resultsRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [p.generating]);

  return (
    <div className="space-y-6">
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader icon={<ImageUp className="size-5" aria-hidden />} title="Reference photos" description="1 to 4 photos of the same person or product." />
          <CardBody className="space-y-4">
            <ReferencePhotos p={p} />
            <BatchButton tool={PHOTOSHOOT_TOOL_ID} options={p.options} cost={perPhoto} disabled={p.generating || p.reading} hint="Many products or people? One photo each, up to 50, with these settings." />
          </CardBody>
        </Card>
        <Card className="min-w-0">
          <CardHeader icon={<Settings2 className="size-5" aria-hidden />} title="Generation settings" />
          <CardBody className="space-y-5">
            <SettingsPanel p={p} />
            <EngineNote engine={engine} cost={perPhoto} unit="per photo" />
            {/* Its own box: the sticky copy it adds when scrolled away must not count as a sibling in the card's spacing
                (space-y would then give the button a bottom margin and move the grid below). */}
            <div>
              <PaidButton
                label={`Generate ${p.variations === 1 ? '1 photo' : `${p.variations} photos`}`}
                icon={<Camera className="size-5" aria-hidden />}
                onClick={() => void p.generate()}
                generating={p.generating}
                disabled={p.reading}
                cost={total}
                validation={p.validation}
                endOfTool={endRef}
              />
            </div>
          </CardBody>
        </Card>
      </div>
      <div ref={resultsRef} className="min-w-0 scroll-mt-24">
        <ResultsGrid tiles={p.tiles} ratio={p.tilesRatio} generating={p.generating} generation={p.generation} localEngine={!!engine?.preview} />
      </div>
      <div ref={endRef} aria-hidden className="h-px" />
    </div>
  );
}
