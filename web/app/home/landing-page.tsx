import { ArrowRight, CircleDollarSign, Megaphone, PenLine, Sparkles } from 'lucide-react';
import { APP_NAME, APP_TAGLINE } from '../../../contract/constants.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ToolLauncher } from '../../features/tools/tool-launcher.tsx';

const steps = [
  { icon: PenLine, title: 'You start', text: 'Bring your photo, recording or idea. Your voice stays yours.' },
  { icon: Sparkles, title: 'We amplify', text: 'AI turns it into variations, mockups, thumbnails, captions and more.' },
  { icon: Megaphone, title: 'You publish', text: 'Download, share and post. Pay only for what you generate.' },
];

function Hero() {
  return (
    <section className="relative isolate overflow-hidden bg-slate-950">
      <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_20%_-10%,rgba(139,92,246,0.55),transparent),radial-gradient(40rem_24rem_at_90%_10%,rgba(236,72,153,0.25),transparent)]" />
      <div aria-hidden className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,rgba(255,255,255,0.05)_1px,transparent_1px),linear-gradient(to_bottom,rgba(255,255,255,0.05)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:radial-gradient(ellipse_at_center,black,transparent_75%)]" />
      <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:px-6 sm:py-28">
        <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/10 px-3 py-1 text-sm text-violet-100">
          <CircleDollarSign className="size-4" aria-hidden />
          Pay per generation · no subscription
        </p>
        <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-white sm:text-6xl">{APP_TAGLINE}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">
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

/** The visitors' landing page (/ when signed out, and /home). */
export function LandingPage() {
  useDocumentTitle();
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
      <section id="tools" aria-labelledby="tools-heading" className="mx-auto w-full max-w-6xl px-4 pb-20 sm:px-6">
        <div className="mb-8 max-w-2xl">
          <h2 id="tools-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Tools built for creators
          </h2>
          <p className="mt-2 text-slate-600">Every tool is priced per generation from your credit balance. 1 credit = $1.</p>
        </div>
        <ToolLauncher />
      </section>
    </>
  );
}
