import { History, ImageOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { THUMBNAIL_STYLES } from '../../../contract/thumbnail.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import type { HistoryEntry } from './history.ts';

const styleName = (id: string) => THUMBNAIL_STYLES.find((s) => s.id === id)?.name ?? id;

/** The generation history kept in this browser (spec 3 §2): select restores an entry, clear empties it (confirmed). */
export function ThumbnailHistory({ entries, onSelect, onClear, disabled }: {
  entries: HistoryEntry[];
  onSelect: (entry: HistoryEntry) => void;
  onClear: () => void;
  disabled: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Card className="min-w-0">
      <CardHeader
        icon={<History className="size-5" aria-hidden />}
        title="Your history"
        description="Kept in this browser. Select one to see it again with its settings."
        action={
          entries.length > 0 ? (
            <Button size="sm" variant="outline" icon={<Trash2 className="size-4" aria-hidden />} onClick={() => setConfirming(true)} disabled={disabled}>
              Clear history
            </Button>
          ) : undefined
        }
      />
      <CardBody>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-500">Your thumbnails will be listed here.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Thumbnail history">
            {entries.map((entry) => (
              <li key={entry.id} className="min-w-0">
                <button
                  type="button"
                  onClick={() => onSelect(entry)}
                  disabled={disabled}
                  className="group block w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-left shadow-sm transition hover:border-violet-400 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 disabled:opacity-60"
                >
                  {/* The name is the visible text (axe: label-content-name-mismatch), with what the button does before it. */}
                  <span className="sr-only">Show </span>
                  <img
                    src={entry.generatedContent}
                    alt=""
                    loading="lazy"
                    className="aspect-video w-full bg-slate-100 object-cover"
                    // The server deletes files after 30 days: then the small copy of the frame that was sent stands in.
                    onError={(e) => {
                      const img = e.currentTarget;
                      if (entry.inputImage && img.getAttribute('src') !== entry.inputImage) img.src = entry.inputImage;
                      else img.style.visibility = 'hidden';
                    }}
                  />
                  <span className="block space-y-0.5 px-2.5 py-2">
                    <span className="block truncate text-xs font-semibold text-slate-800">{entry.thumbnailText || styleName(entry.selectedStyle)}</span>
                    <span className="block truncate text-xs text-slate-500">
                      {styleName(entry.selectedStyle)} · {new Date(entry.timestamp).toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
      {confirming && (
        <ConfirmDialog
          title="Clear your thumbnail history?"
          message="This removes the list from this browser. The images stay in your gallery."
          confirmLabel="Clear history"
          icon={<ImageOff className="size-5" aria-hidden />}
          onConfirm={() => {
            onClear();
            setConfirming(false);
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}
