import { APP_NAME, APP_TAGLINE } from '../../../contract/constants.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { HERO_BACKDROP, HERO_IMAGES } from './examples.ts';
import { ImageWall } from './image-wall.tsx';

const panels = [
  { title: APP_NAME, text: APP_TAGLINE, wall: true },
  { title: 'You start.', text: 'Your photo, your recording, your idea.', wall: false },
  { title: 'We amplify.', text: 'Variations, mockups, thumbnails, captions, transcripts and headshots.', wall: false },
  { title: 'You publish.', text: 'Pay per generation. No subscription.', wall: true },
] as const;

/**
 * /screenshot (spec 1 §2): full-screen panels that snap as they scroll, the first and last over the animated
 * 12-column image wall, with the product name and tagline. It covers the header and footer so it can be captured.
 */
export function ScreenshotPage() {
  useDocumentTitle('Showcase');
  return (
    <div className="fixed inset-0 z-40 snap-y snap-mandatory overflow-y-auto bg-slate-950 text-white" tabIndex={0} aria-label={`${APP_NAME} showcase`} role="region">
      {panels.map(({ title, text, wall }, index) => (
        <section key={title} className="relative isolate flex h-dvh snap-start items-center justify-center overflow-hidden px-6 text-center">
          {wall && <ImageWall images={HERO_IMAGES} backdrop={HERO_BACKDROP} columns={12} className="-z-10 opacity-70" />}
          <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_center,rgba(2,6,23,0.85),rgba(2,6,23,0.35))]" />
          <div>
            {index === 0 ? (
              <h1 className="text-5xl font-extrabold tracking-tight sm:text-7xl">{title}</h1>
            ) : (
              <h2 className="text-4xl font-extrabold tracking-tight sm:text-6xl">{title}</h2>
            )}
            <p className="mt-4 text-xl text-slate-200 sm:text-2xl">{text}</p>
          </div>
        </section>
      ))}
    </div>
  );
}
