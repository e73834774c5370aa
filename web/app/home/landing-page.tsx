import { useQuery } from '@tanstack/react-query';
import { ArrowRight, BadgeCheck, CircleDollarSign, Clock, Lock, Megaphone, PenLine, Send, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { APP_NAME, APP_TAGLINE } from '../../../contract/constants.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { useSiteContent } from '../../lib/site-content.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { trackVisit } from '../../lib/visitor.ts';
import { ToolLauncher } from '../../features/tools/tool-launcher.tsx';
import { priceRangeLabel, toolPricesQueryOptions } from '../../features/tools/tool-prices.ts';
import { ExamplesSection } from './examples-section.tsx';
import { HERO_BACKDROP, HERO_IMAGES } from './examples.ts';
import { ImageWall } from './image-wall.tsx';
import { Section } from './section.tsx';

const steps = [
  { icon: PenLine, title: 'You start', text: 'Bring your photo, recording or idea. Your voice stays yours.' },
  { icon: Sparkles, title: 'We amplify', text: 'AI turns it into variations, mockups, thumbnails, captions and more.' },
  { icon: Megaphone, title: 'You publish', text: 'Download, share and post. Pay only for what you generate.' },
];

const features = [
  { icon: CircleDollarSign, title: 'Pay per generation', text: 'Buy credits once and spend them tool by tool. Every tool shows its price before you click. No subscription.' },
  { icon: BadgeCheck, title: 'Failures cost nothing', text: 'Credits are held while a job runs and taken only for a result you get. A failed generation is never charged.' },
  { icon: Lock, title: 'Private by default', text: 'Your files stay private until you share them, and images are deleted automatically after 30 days.' },
];
/** Promised only where the site's bot is on (GET /api/site). */
const telegramFeature = { icon: Send, title: 'Works from Telegram', text: 'Link your account and send a voice note to the bot: the transcript comes back in the chat.' };

function WhyUs() {
  const { telegram_bot: telegram } = useSiteContent();
  const shown = telegram ? [...features, telegramFeature] : features;
  return (
    <Section id="why" title="Why creators choose us">
      <ul className={telegram ? 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4' : 'grid gap-6 md:grid-cols-3'}>
        {shown.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <Icon className="size-6 text-violet-700" aria-hidden />
            <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The price range of the tools (GET /api/pricing/tools); a reserved line until it is known, hidden on failure. */
function PriceBadge() {
  const prices = useQuery(toolPricesQueryOptions);
  const label = prices.data ? priceRangeLabel(Object.values(prices.data)) : null;
  return (
    <p
      data-testid="price-range"
      className="mx-auto inline-flex min-h-8 max-w-full items-center gap-2 rounded-full border border-white/15 bg-white/10 px-3 py-1 text-sm text-violet-50"
    >
      <CircleDollarSign className="size-4 shrink-0" aria-hidden />
      {label ?? 'Pay per generation · no subscription'}
    </p>
  );
}

function Hero() {
  return (
    <section className="relative isolate overflow-hidden bg-slate-950">
      <ImageWall images={HERO_IMAGES} backdrop={HERO_BACKDROP} columns={6} className="-z-20 opacity-50" />
      <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_center,rgba(2,6,23,0.92)_30%,rgba(2,6,23,0.6))]" />
      <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:px-6 sm:py-28">
        <PriceBadge />
        <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-white sm:text-6xl">{APP_TAGLINE}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-200">
          {APP_NAME} brings AI image variations, mockups, thumbnails, captions, transcriptions and headshots together in one place.
          You start, we amplify, you publish.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/auth" size="lg" icon={<Sparkles className="size-5" aria-hidden />}>
            Get started
          </ButtonLink>
          <ButtonLink to="#tools" size="lg" variant="outline" className="border-white/20 bg-white/10 text-white hover:bg-white/20">
            Explore the tools
            <ArrowRight className="size-5" aria-hidden />
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

/** Testimonials the admin entered (never invented): the section is hidden while there are none. */
function Testimonials() {
  const { testimonials } = useSiteContent();
  if (testimonials.length === 0) return null;
  return (
    <Section id="testimonials" title="What creators say">
      <ul className="grid gap-6 md:grid-cols-3">
        {testimonials.map(({ name, role, quote }) => (
          <li key={`${name}-${quote.slice(0, 20)}`}>
            <figure className="h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <blockquote className="text-slate-700">“{quote}”</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-semibold text-slate-900">{name}</span>
                {role && <span className="text-slate-600">, {role}</span>}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The embedded video the admin chose (an allowed video host only, checked by the server); hidden while none. */
function Video() {
  const { video } = useSiteContent();
  if (!video) return null;
  return (
    <Section id="video" title="See it in action">
      <div className="aspect-video overflow-hidden rounded-2xl bg-slate-900 shadow-sm">
        <iframe
          src={video.url}
          title={video.title}
          loading="lazy"
          className="size-full"
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
          allowFullScreen
        />
      </div>
    </Section>
  );
}

/** The visitors' landing page (/ when signed out, and /home). Records the visit once per page load (spec 1 §2). */
export function LandingPage() {
  useDocumentTitle();
  useEffect(() => void trackVisit(), []);
  return (
    <>
      <Hero />
      <section aria-labelledby="how-heading" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="how-heading" className="sr-only">
          How it works
        </h2>
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-xl bg-violet-600 text-white">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="text-sm font-semibold text-violet-700">Step {index + 1}</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
      </section>
      <Section id="tools" title="Tools built for creators" intro="Every tool is priced per generation from your credit balance. 1 credit = $1.">
        <ToolLauncher />
      </Section>
      <ExamplesSection />
      <WhyUs />
      <Testimonials />
      <Video />
      <section className="bg-violet-700">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div>
            <h2 className="text-2xl font-bold text-white">Create your first piece today</h2>
            <p className="mt-1 flex items-center gap-2 text-violet-100">
              <Clock className="size-4" aria-hidden />
              Sign in with your email in under a minute. No password, no card.
            </p>
          </div>
          <ButtonLink to="/auth" size="lg" variant="outline" className="border-white/30 bg-white text-violet-800 hover:bg-violet-50">
            Get started
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
