import { Download, Maximize2, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Lightbox, LightboxAction } from '../../components/ui/lightbox.tsx';
import { formatCredits } from '../../lib/credits-format.ts';
import type { MockupResult } from './mockup-job.ts';
import { styleLabel } from './mockup-options.ts';
import { fileDownloadUrl } from '../../lib/file-urls.ts';
import { downloadAll } from './download-all.ts';

const linkButton =
  'inline-flex h-8 items-center justify-center gap-2 rounded-lg bg-violet-600 px-3 text-sm font-medium text-white shadow-sm hover:bg-violet-700';

/** 'Download all': every image in turn; while it runs it counts, and afterwards it says if any failed. */
function DownloadAllButton({ images }: { images: MockupResult['images'] }) {
  const [done, setDone] = useState<number | null>(null);
  const [failed, setFailed] = useState(0);
  const run = async () => {
    setFailed(0);
    setDone(0);
    setFailed(await downloadAll(images, setDone));
    setDone(null);
  };
  return (
    <>
      <Button size="sm" variant="outline" icon={<Download className="size-4" aria-hidden />} loading={done !== null} onClick={() => void run()}>
        {done === null ? `Download all (${images.length})` : `Downloading ${Math.min(done + 1, images.length)} of ${images.length}…`}
      </Button>
      {failed > 0 && (
        <Alert tone="error" className="w-full">
          {failed === 1 ? '1 mockup' : `${failed} mockups`} could not be downloaded. Try its own Download button.
        </Alert>
      )}
    </>
  );
}

/** The finished mockups, each with a download, and all of them at once; a click shows them full screen. */
export function MockupResultView({ result, onAgain }: { result: MockupResult; onAgain: () => void }) {
  const [viewer, setViewer] = useState<number | null>(null);
  const section = useRef<HTMLElement>(null);
  // On narrow screens the result lands below the steps: bring it into view when it arrives.
  useEffect(() => {
    const el = section.current;
    if (!el) return;
    const top = el.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight - 120) el.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);
  const items = result.images.map((image) => ({ id: image.uuid, uuid: image.uuid, src: image.image, alt: `${styleLabel(image.style)} mockup`, title: styleLabel(image.style) }));
  return (
    <section ref={section} aria-labelledby="mockup-result-title" className="scroll-mt-24 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="mockup-result-title" className="text-base font-semibold text-slate-900">
          Your mockups
        </h2>
        <span className="text-sm text-slate-600 tabular-nums">{Number(result.credits_used) === 0 ? 'Free preview' : `${formatCredits(result.credits_used)} credits used`}</span>
        {result.images.length > 1 && <DownloadAllButton images={result.images} />}
      </div>
      <ul className="grid gap-4">
        {items.map((item, index) => (
          <li key={item.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            <button type="button" onClick={() => setViewer(index)} aria-label={`View ${item.alt} in full screen`} className="group relative block w-full bg-slate-50">
              <img src={item.src} alt={item.alt} className="mx-auto max-h-96 w-auto max-w-full object-contain" />
              <span className="absolute top-2 right-2 rounded-lg bg-slate-900/60 p-1.5 text-white opacity-80 group-hover:opacity-100" aria-hidden>
                <Maximize2 className="size-4" />
              </span>
            </button>
            <div className="flex items-center justify-between gap-3 px-4 py-3">
              <span className="font-medium text-slate-800">{item.title}</span>
              <a href={fileDownloadUrl(item.uuid)} download className={linkButton} aria-label={`Download ${item.alt}`}>
                <Download className="size-4" aria-hidden /> Download
              </a>
            </div>
          </li>
        ))}
      </ul>
      <Button variant="outline" icon={<RotateCcw className="size-4" aria-hidden />} onClick={onAgain}>
        Make more mockups
      </Button>
      {viewer !== null && (
        <Lightbox
          items={items}
          index={viewer}
          onIndexChange={setViewer}
          onClose={() => setViewer(null)}
          actions={(item) => <LightboxAction icon={<Download className="size-4" aria-hidden />} label="Download" href={fileDownloadUrl(item.uuid)} />}
        />
      )}
    </section>
  );
}
