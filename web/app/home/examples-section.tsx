import { cn } from '../../components/ui/cn.ts';
import { CompareSlider } from '../../components/ui/compare-slider.tsx';
import { EXAMPLES, exampleToolName, type Example } from './examples.ts';
import { Section } from './section.tsx';

/**
 * Before/after sliders of what the tools did to public-domain photos. They are the local engine's free previews, and
 * the section says so: a provider's generative result would look different. Hidden while the list is empty.
 */
export function ExamplesSection({ examples = EXAMPLES }: { examples?: readonly Example[] }) {
  if (examples.length === 0) return null;
  return (
    <Section
      id="examples"
      title="Before and after"
      intro="Made by Ampkit’s own local engine from public-domain photos: the free previews every tool gives without an AI provider. Drag the divider, or focus it and use the arrow keys."
    >
      <ul className="grid gap-8 md:grid-cols-2">
        {examples.map((example, index) => (
          // An odd one out at the end sits centred at a card's width, not stretched over the row.
          <li key={example.after.src} className={cn(index === examples.length - 1 && index % 2 === 0 && 'md:col-span-2 md:mx-auto md:w-full md:max-w-md')}>
            <figure>
              <CompareSlider before={example.before} after={example.after} label={`Before and after: ${example.title}`} className="shadow-sm" />
              <figcaption className="mt-3">
                <span className="text-sm font-semibold text-violet-700">{exampleToolName(example.tool)}</span>
                <h3 className="mt-0.5 font-semibold text-slate-900">{example.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{example.caption}</p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
