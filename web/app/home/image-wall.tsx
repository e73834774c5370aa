import { useState, type CSSProperties } from 'react';
import { cn } from '../../components/ui/cn.ts';

export interface WallImage {
  src: string;
  width: number;
  height: number;
}

/** Spec 1 §9: even columns scroll down over 120+20i s, odd columns up over 140+25i s. */
export function columnMotion(index: number): { direction: 'down' | 'up'; seconds: number } {
  return index % 2 === 0 ? { direction: 'down', seconds: 120 + 20 * index } : { direction: 'up', seconds: 140 + 25 * index };
}

/** The images of column `index`: the set rotated so neighbouring columns differ. */
export function columnImages<T>(images: readonly T[], index: number): T[] {
  if (images.length === 0) return [];
  const shift = (index * 3) % images.length;
  return [...images.slice(shift), ...images.slice(0, shift)];
}

/** Once this many wall images have loaded, the static background fades out (spec 1 §9). */
export const WALL_READY_AFTER = 3;

/** Per column, this many images load at once; the rest load lazily as they scroll near (one set of URLs anyway). */
export const WALL_EAGER_PER_COLUMN = 1;

/**
 * The decorative wall of scrolling images behind the landing hero (6 columns) and /screenshot (12 columns), 0.5rem
 * apart. Each column holds its images twice (each with its 0.5rem below it) and moves by half its height, so the loop
 * has no seam. Until three images have loaded, the static backdrop (hero-1, a few pixels wide, stretched and
 * blurred) sits behind at 30% opacity; it stays if none load, and an image that fails to load is hidden. The images
 * are a known list (examples.ts), so nothing is probed. Every image loads at low priority and all but the first of
 * each column lazily: the heading over the wall is what the page paints first. Motion stops for people who ask for
 * reduced motion. Hidden from assistive technology: it carries no information.
 */
export function ImageWall({
  images,
  backdrop,
  columns,
  className,
}: {
  images: readonly WallImage[];
  backdrop?: WallImage;
  columns: 6 | 12;
  className?: string;
}) {
  const [loaded, setLoaded] = useState(0);
  return (
    <div aria-hidden className={cn('pointer-events-none absolute inset-0 overflow-hidden', className)}>
      {backdrop && (
        <img
          src={backdrop.src}
          alt=""
          width={backdrop.width}
          height={backdrop.height}
          decoding="async"
          fetchPriority="low"
          className={cn('absolute inset-0 size-full scale-110 object-cover opacity-30 blur-2xl transition-opacity duration-1000', loaded >= WALL_READY_AFTER && 'opacity-0')}
          onError={(event) => (event.currentTarget.hidden = true)}
        />
      )}
      <div className="absolute inset-0 grid gap-2" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {Array.from({ length: columns }, (_, index) => {
          const { direction, seconds } = columnMotion(index);
          const own = columnImages(images, index);
          const style = { animationDuration: `${seconds}s` } as CSSProperties;
          return (
            <div
              key={index}
              data-direction={direction}
              className={cn('flex flex-col', direction === 'down' ? 'animate-wall-down' : 'animate-wall-up')}
              style={style}
            >
              {[...own, ...own].map((image, position) => (
                <img
                  key={position}
                  src={image.src}
                  alt=""
                  width={image.width}
                  height={image.height}
                  decoding="async"
                  loading={position < WALL_EAGER_PER_COLUMN ? 'eager' : 'lazy'}
                  fetchPriority="low"
                  className="mb-2 h-auto w-full rounded-lg object-cover"
                  onLoad={() => setLoaded((count) => count + 1)}
                  onError={(event) => (event.currentTarget.hidden = true)}
                />
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
