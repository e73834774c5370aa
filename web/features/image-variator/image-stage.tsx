import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp } from 'lucide-react';
import type { MouseEvent } from 'react';
import { EXTEND_DIRECTIONS, EXTEND_FILL_COLOR } from '../../../contract/ai.ts';
import { cn } from '../../components/ui/cn.ts';
import { CropOverlay } from './crop-overlay.tsx';
import type { EditState, ExtendDirection } from './edit-mode.ts';
import type { SourceImage } from '../../lib/image-resize.ts';
import { InpaintCanvas } from './inpaint-canvas.tsx';

const EDGE: Record<ExtendDirection, { strip: string; pill: string; icon: typeof ArrowUp }> = {
  top: { strip: 'inset-x-0 top-0 h-1/5 items-start justify-center', pill: 'mt-2', icon: ArrowUp },
  bottom: { strip: 'inset-x-0 bottom-0 h-1/5 items-end justify-center', pill: 'mb-2', icon: ArrowDown },
  left: { strip: 'inset-y-[20%] left-0 w-1/5 items-center justify-start', pill: 'ml-2', icon: ArrowLeft },
  right: { strip: 'inset-y-[20%] right-0 w-1/5 items-center justify-end', pill: 'mr-2', icon: ArrowRight },
};

/** Behind the image, so transparent or extended areas read as "empty". */
const CHECKERBOARD = {
  backgroundImage: 'linear-gradient(45deg,#e2e8f0 25%,transparent 25%,transparent 75%,#e2e8f0 75%),linear-gradient(45deg,#e2e8f0 25%,transparent 25%,transparent 75%,#e2e8f0 75%)',
  backgroundSize: '16px 16px',
  backgroundPosition: '0 0,8px 8px',
} as const;

const horizontal = (d: ExtendDirection) => d === 'left' || d === 'right';

/**
 * The source image with the current mode's tools on it: the crop box, the inpaint brush, or the four edges to
 * extend (with the area to be generated shown in green). Clicking the image away from an edge deselects it.
 */
export function ImageStage({ source, edit, onEdit, brushSize, onMaskChange, disabled }: {
  source: SourceImage;
  edit: EditState;
  onEdit: (update: (state: EditState) => EditState) => void;
  brushSize: number;
  onMaskChange: (mask: HTMLCanvasElement | null) => void;
  disabled: boolean;
}) {
  const { width: W, height: H } = source;
  const ext = edit.mode === 'extend' && edit.extension ? { dir: edit.extension, factor: 1 + edit.extensionAmount / 100 } : null;
  const frameW = ext && horizontal(ext.dir) ? W * ext.factor : W;
  const frameH = ext && !horizontal(ext.dir) ? H * ext.factor : H;
  const image = {
    left: ext?.dir === 'left' ? `${((frameW - W) / frameW) * 100}%` : '0%',
    top: ext?.dir === 'top' ? `${((frameH - H) / frameH) * 100}%` : '0%',
    width: `${(W / frameW) * 100}%`,
    height: `${(H / frameH) * 100}%`,
  };
  const fill = ext && {
    left: ext.dir === 'right' ? `${(W / frameW) * 100}%` : '0%',
    top: ext.dir === 'bottom' ? `${(H / frameH) * 100}%` : '0%',
    width: horizontal(ext.dir) ? `${((frameW - W) / frameW) * 100}%` : '100%',
    height: horizontal(ext.dir) ? '100%' : `${((frameH - H) / frameH) * 100}%`,
  };

  const deselect = (event: MouseEvent) => {
    if (edit.mode !== 'extend' || disabled) return;
    if (event.target instanceof Element && event.target.closest('[data-extend-edge]')) return;
    onEdit((state) => ({ ...state, extension: null }));
  };

  return (
    <div
      className="flex justify-center rounded-xl bg-slate-100 p-3"
      style={CHECKERBOARD}
      onClick={deselect}
    >
      <div className="relative" data-testid="image-stage" style={{ aspectRatio: `${frameW} / ${frameH}`, width: `min(100%, calc(22rem * ${frameW / frameH}))` }}>
        {fill && (
          <div
            className="absolute flex items-center justify-center rounded-sm border-2 border-dashed border-emerald-600 text-xs font-semibold text-emerald-900"
            style={{ ...fill, backgroundColor: `${EXTEND_FILL_COLOR}59` }}
            data-testid="extend-preview"
          >
            +{edit.extensionAmount}%
          </div>
        )}
        <div className="absolute" style={image}>
          <img src={source.dataUrl} alt="Source image" draggable={false} className="size-full rounded-sm object-fill shadow-sm select-none" />
          {edit.mode === 'crop' && edit.crop && (
            <CropOverlay crop={edit.crop} bounds={source} disabled={disabled} onChange={(crop) => onEdit((state) => ({ ...state, crop }))} />
          )}
          {edit.mode === 'inpaint' && (
            <InpaintCanvas
              size={source}
              brushSize={brushSize}
              maskVersion={edit.maskVersion}
              onMaskChange={onMaskChange}
              disabled={disabled}
              onPainted={() => onEdit((state) => (state.hasMask ? state : { ...state, hasMask: true }))}
            />
          )}
          {edit.mode === 'extend' &&
            EXTEND_DIRECTIONS.map((dir) => {
              const { strip, pill, icon: Icon } = EDGE[dir];
              const selected = edit.extension === dir;
              return (
                <button
                  key={dir}
                  type="button"
                  data-extend-edge={dir}
                  aria-label={`Extend ${dir}`}
                  aria-pressed={selected}
                  disabled={disabled}
                  onClick={() => onEdit((state) => ({ ...state, extension: dir }))}
                  className={cn(
                    'group absolute flex transition-colors',
                    strip,
                    selected ? 'bg-emerald-400/25' : 'hover:bg-violet-500/20',
                    dir === 'top' && 'border-t-4',
                    dir === 'bottom' && 'border-b-4',
                    dir === 'left' && 'border-l-4',
                    dir === 'right' && 'border-r-4',
                    selected ? 'border-emerald-500' : 'border-transparent hover:border-violet-500',
                  )}
                >
                  <span
                    className={cn(
                      'flex size-8 items-center justify-center rounded-full shadow ring-1 transition-colors',
                      pill,
                      selected ? 'bg-emerald-700 text-white ring-emerald-800' : 'bg-white/90 text-violet-700 ring-slate-200 group-hover:bg-violet-600 group-hover:text-white',
                    )}
                  >
                    <Icon className="size-4" aria-hidden />
                  </span>
                </button>
              );
            })}
        </div>
      </div>
    </div>
  );
}
