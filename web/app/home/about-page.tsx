import { HeartHandshake, Megaphone, PenLine, ShieldCheck, Sparkles } from 'lucide-react';
import { APP_NAME, CONTACT_EMAIL } from '../../../contract/constants.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card, CardBody } from '../../components/ui/card.tsx';
import { Page } from '../../components/ui/page.tsx';
import { FaqSection } from '../../features/faq/faq-section.tsx';

const steps = [
  { icon: PenLine, title: 'You start', text: 'Your photo, your recording, your idea. Everything begins with you.' },
  { icon: Sparkles, title: 'We amplify', text: 'Our AI tools multiply what you bring: more variations, more formats, less busywork.' },
  { icon: Megaphone, title: 'You publish', text: 'You decide what goes out. Your voice stays; the AI only amplifies it.' },
];

const values = [
  { icon: HeartHandshake, title: 'Creators first', text: 'Tools shaped around the way creators actually work, not the other way round.' },
  { icon: ShieldCheck, title: 'Fair pricing', text: 'Pay per generation from a credit balance. No subscription, no surprises.' },
];

/** /about: vision, how it works, values, the FAQ (category all, English; /faq lands on #faq) and the promise (spec 1 §2). */
export function AboutPage() {
  return (
    <Page
      title={`About ${APP_NAME}`}
      description={`${APP_NAME} exists so that every creator can produce more of their best work, without losing what makes it theirs.`}
    >
      <section aria-labelledby="vision" className="mb-12 max-w-[70ch] space-y-3">
        <h2 id="vision" className="text-xl font-semibold text-slate-900">Our vision</h2>
        <p className="text-slate-700">
          Creators and marketers should spend their time on ideas, not on busywork. {APP_NAME} puts AI tools for images, captions, thumbnails,
          headshots and transcripts in one place, so the work you already do goes further while it still sounds and looks like you.
        </p>
      </section>
      <section aria-labelledby="how-it-works" className="space-y-4">
        <h2 id="how-it-works" className="text-xl font-semibold text-slate-900">How it works</h2>
        <div className="grid gap-4 md:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <CardBody>
                <Icon className="size-6 text-violet-600" aria-hidden />
                <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </CardBody>
            </Card>
          ))}
        </div>
      </section>
      <section aria-labelledby="values" className="mt-12 space-y-4">
        <h2 id="values" className="text-xl font-semibold text-slate-900">What we stand for</h2>
        <div className="grid gap-4 md:grid-cols-2">
          {values.map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <CardBody className="flex gap-4">
                <Icon className="size-6 shrink-0 text-violet-600" aria-hidden />
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{text}</p>
                </div>
              </CardBody>
            </Card>
          ))}
        </div>
      </section>
      <FaqSection className="mt-12" />
      <section aria-labelledby="promise" className="mt-12 rounded-2xl bg-violet-600 px-6 py-10 text-white sm:px-10">
        <h2 id="promise" className="text-xl font-semibold">Our promise</h2>
        <p className="mt-2 max-w-2xl text-violet-100">
          Failed generations cost nothing, your files stay yours, and a real person answers at{' '}
          <a className="font-medium text-white underline" href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
        </p>
        <ButtonLink to="/tools" variant="outline" className="mt-6 border-white/30 bg-white text-violet-700 hover:bg-violet-50">
          Explore the tools
        </ButtonLink>
      </section>
    </Page>
  );
}
