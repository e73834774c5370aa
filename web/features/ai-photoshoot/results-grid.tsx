import { Camera, CircleAlert, Download, Hourglass } from 'lucide-react';
import { LOCAL_PREVIEW_NOTE } from '../../../contract/ai.ts';
import type { OutputRatio } from '../../../contract/photoshoot.ts';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatPreciseCredits } from '../../lib/credits-format.ts';
import { fileDownloadUrl } from '../../lib/file-urls.ts';
import { PreviewNote } from '../ai-shared/engine-note.tsx';
import { GenerationProgress } from '../ai-shared/generation-progress.tsx';
import type { PaidGeneration } from '../ai-shared/use-generation-run.ts';
import type { Tile } from './use-photoshoot.ts';

/** Each tile keeps the output ratio's shape from placeholder to image, so nothing moves when a result arrives. */
const ASPECT: Record<OutputRatio, string> = { '1:1': 'aspect-square', '4:3': 'aspect-[4/3]', '16:9': 'aspect-video', '9:16': 'aspect-[9/16]' };

/** Columns by how many tiles and how tall they are: tall 9:16 tiles sit two a row even on a phone. */
function columns(count: number, ratio: OutputRatio): string {
  if (ratio === '9:16') return count >= 3 ? 'grid-cols-2 lg:grid-cols-4' : 'grid-cols-2 lg:max-w-2xl';
  if (count === 1) return 'grid-cols-1 lg:max-w-2xl';
  if (count === 2) return 'grid-cols-1 sm:grid-cols-2';
  if (count === 3) return 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3';
  return 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-4';
}

const linkButton =
  'inline-flex h-8 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600';

/** The preview note stands above the grid; a text's own copy of it would say it again under every image. */
const withoutNote = (text: string | null) => (text ? text.replace(new RegExp(`^${LOCAL_PREVIEW_NOTE}\\.?\\s*`), '') : '');

function TileView({ tile, n, ratio }: { tile: Tile; n: number; ratio: OutputRatio }) {
  const frame = cn('w-full rounded-xl', ASPECT[ratio]);
  if (tile.status === 'done') {
    const { result } = tile;
    const text = withoutNote(result.text);
    return (
      <figure className="min-w-0 space-y-2" data-testid="photoshoot-tile" data-status="done">
        <img src={result.image} alt={`Generated photo ${n}`} className={cn(frame, 'border border-slate-200 bg-slate-50 object-cover')} />
        <figcaption className="space-y-2">
          {text && <p className="text-xs break-words text-slate-600">{text}</p>}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-xs text-slate-500 tabular-nums">
              {Number(result.credits_used) === 0 ? 'Free preview' : `${formatPreciseCredits(result.credits_used)} credits`} · {(result.processing_time_ms / 1000).toFixed(1)} s
            </span>
            <a href={fileDownloadUrl(result.uuid)} download className={linkButton} aria-label={`Download photo ${n}`}>
              <Download className="size-4" aria-hidden />
              Download
            </a>
          </div>
        </figcaption>
      </figure>
    );
  }
  if (tile.status === 'error') {
    return (
      <div role="alert" data-testid="photoshoot-tile" data-status="error" className={cn(frame, 'flex flex-col items-center justify-center gap-2 overflow-auto border border-red-200 bg-red-50 p-4 text-center text-sm text-red-800')}>
        <CircleAlert className="size-6 shrink-0 text-red-500" aria-hidden />
        <p className="break-words">{tile.message}</p>
      </div>
    );
  }
  if (tile.status === 'skipped') {
    return (
      <div data-testid="photoshoot-tile" data-status="skipped" className={cn(frame, 'flex items-center justify-center border-2 border-dashed border-slate-200 p-4 text-center text-sm text-slate-500')}>
        {tile.note}
      </div>
    );
  }
  const generating = tile.status === 'generating';
  return (
    <div
      data-testid="photoshoot-tile"
      data-status={tile.status}
      className={cn(frame, 'flex flex-col items-center justify-center gap-2 p-4 text-center text-sm', generating ? 'bg-violet-50 text-violet-900' : 'border-2 border-dashed border-slate-200 text-slate-500')}
    >
      {generating ? <Spinner className="size-8 text-violet-600" /> : <Hourglass className="size-6 text-slate-400" aria-hidden />}
      <p className="font-medium">{generating ? `Creating photo ${n}…` : `Photo ${n} waits its turn`}</p>
    </div>
  );
}

/** The grid of generated photos (spec 3 §2, §4): placeholders that become each image, or its error tile, in order. */
export function ResultsGrid({ tiles, ratio, generating, generation, localEngine }: {
  tiles: Tile[];
  ratio: OutputRatio;
  generating: boolean;
  /** The running variation's call: its progress and Cancel. */
  generation: PaidGeneration | null;
  /** The local engine runs: its note stands above the grid from the first placeholder, so the grid does not move down when the first preview arrives. */
  localEngine: boolean;
}) {
  const done = tiles.filter((t) => t.status === 'done').length;
  const preview = tiles.some((t) => t.status === 'done' && t.result.preview) || (generating && localEngine);
  const current = tiles.findIndex((t) => t.status === 'generating');
  return (
    <Card aria-busy={generating || undefined} className="min-w-0">
      <CardHeader
        icon={<Camera className="size-5" aria-hidden />}
        title="Your photoshoot"
        description={tiles.length ? `${done} of ${tiles.length} photos ready` : 'Generated photos appear here, one at a time.'}
      />
      <CardBody className="space-y-4">
        <p role="status" className="sr-only">
          {current >= 0 ? `Creating photo ${current + 1} of ${tiles.length}` : tiles.length ? `Finished: ${done} of ${tiles.length} photos ready` : ''}
        </p>
        {tiles.length === 0 ? (
          <div className="flex min-h-40 flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-200 px-6 py-8 text-center text-sm text-slate-500">
            <Camera className="size-10 text-slate-300" aria-hidden />
            Add your reference photos, choose the settings, then generate. Each variation appears here as it is made.
          </div>
        ) : (
          <>
            {preview && <PreviewNote />}
            <ul aria-label="Generated photos" className={cn('grid gap-4', columns(tiles.length, ratio))}>
              {tiles.map((tile, i) => (
                <li key={i} className="min-w-0">
                  <TileView tile={tile} n={i + 1} ratio={ratio} />
                </li>
              ))}
            </ul>
            {/* Under the grid: the photos keep their place when it comes and goes. */}
            {generating && current >= 0 && <GenerationProgress generation={generation} label={`Photo ${current + 1} progress`} />}
          </>
        )}
      </CardBody>
    </Card>
  );
}
