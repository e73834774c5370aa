import { Info, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';
import { bannerPaint } from './readable-colors.ts';

export interface AnnouncementColors {
  bg_color: string;
  text_color: string;
  icon_color: string;
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The notification banner as it looks (spec 1 §2): the site's banner above the header, and the admin's live preview
 * of it. Content is either `html` the server sanitised (links, emphasis and line breaks only) or React `children`.
 * Without `onClose` (the preview) it is a plain box with a decorative close mark, not a landmark.
 */
export function AnnouncementBar({ colors, html, children, onClose, className }: {
  colors: AnnouncementColors;
  html?: string;
  children?: ReactNode;
  onClose?: () => void;
  className?: string;
}) {
  const paint = bannerPaint(colors.bg_color, colors.text_color);
  const iconColor = HEX.test(colors.icon_color) ? colors.icon_color : paint.color;
  const body = (
    <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-2.5 text-sm sm:px-6">
      <Info className="mt-0.5 size-4 shrink-0" style={{ color: iconColor }} aria-hidden />
      {html !== undefined ? (
        // The server allows only links, emphasis and line breaks in this HTML.
        <div className="min-w-0 flex-1 break-words [&_a]:font-semibold [&_a]:underline" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <div className="min-w-0 flex-1 break-words [&_a]:font-semibold [&_a]:underline">{children}</div>
      )}
      {onClose ? (
        <button type="button" onClick={onClose} className="-m-1 rounded p-1 hover:bg-black/10" aria-label="Close announcement">
          <X className="size-4" aria-hidden />
        </button>
      ) : (
        <X className="size-4 shrink-0 opacity-80" aria-hidden />
      )}
    </div>
  );
  return onClose ? (
    <aside aria-label="Announcement" className={cn('relative z-50', className)} style={paint}>
      {body}
    </aside>
  ) : (
    <div className={className} style={paint}>
      {body}
    </div>
  );
}
