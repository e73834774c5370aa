import type { LucideIcon } from 'lucide-react';
import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from './button.tsx';
import { Card } from './card.tsx';
import { Page } from './page.tsx';

/** A real route whose content a later issue delivers: the heading now, the rest soon. */
export function PlaceholderPage({ title, description, icon: Icon = Construction, children }: {
  title: string;
  description?: string;
  icon?: LucideIcon;
  children?: ReactNode;
}) {
  return (
    <Page title={title} description={description}>
      <Card className="flex flex-col items-center px-6 py-14 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-violet-50 text-violet-600">
          <Icon className="size-7" aria-hidden />
        </span>
        <p className="mt-5 max-w-md text-slate-600">{children ?? 'This section is on its way. Check back soon.'}</p>
        <ButtonLink to="/tools" variant="outline" className="mt-6">
          Browse tools
        </ButtonLink>
      </Card>
    </Page>
  );
}
