import type { GalleryItem } from '../../../contract/files.ts';
import { deletesIn } from '../../components/ui/deletion-badge.tsx';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** 'Mar 4, 2026'; '' for an unreadable date. */
export function formatShortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

const positiveInt = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/**
 * The scale of an upscaled copy ('2x', '4x'), or null for any other image. The upscale use case writes
 * `scale_factor` and `upscaled_from` into the copy's metadata, which the gallery answers as it is (spec 2 §1).
 */
export function upscaleLabel(item: Pick<GalleryItem, 'metadata'>): string | null {
  const factor = positiveInt(item.metadata.scale_factor);
  return item.metadata.upscaled_from && factor && factor > 1 ? `${factor}x` : null;
}

/** '1536 × 1024' from the size recorded with the file, or null when it is unknown (not an image, or not read). */
export function imageSize(item: Pick<GalleryItem, 'metadata'>): string | null {
  const width = positiveInt(item.metadata.width);
  const height = positiveInt(item.metadata.height);
  return width && height ? `${width} × ${height}` : null;
}

/** The line under the viewed image: its visibility, upscale, size, date and when it is deleted. */
export function viewerDetails(item: GalleryItem): string[] {
  const scale = upscaleLabel(item);
  return [
    item.is_public ? 'Public' : 'Private',
    scale && `Upscaled ${scale}`,
    imageSize(item),
    formatShortDate(item.timestamp),
    item.days_until_deletion !== null && deletesIn(item.days_until_deletion),
  ].filter((part): part is string => !!part);
}
