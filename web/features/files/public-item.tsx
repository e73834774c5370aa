/** Pieces shared by the file page and the content page (spec 3 §2): owner actions, the visitor badge, the footer line. */
import { Globe, LogIn, Lock, SearchX, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Page } from '../../components/ui/page.tsx';
import { formatShortDate } from './format.ts';

/** The owner's Public/Private toggle: reads the current state; a click flips it. */
export function VisibilityButton({ isPublic, pending, onToggle }: { isPublic: boolean; pending: boolean; onToggle: () => void }) {
  return (
    <Button
      variant="outline"
      onClick={onToggle}
      loading={pending}
      title={isPublic ? 'Anyone with the link can see it. Click to make it private.' : 'Only you can see it. Click to make it public.'}
      icon={isPublic ? <Globe className="size-4 text-emerald-600" aria-hidden /> : <Lock className="size-4" aria-hidden />}
    >
      {isPublic ? 'Public' : 'Private'}
    </Button>
  );
}

export function ShareButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" onClick={onClick} icon={<Share2 className="size-4" aria-hidden />}>
      Share
    </Button>
  );
}

/** What a visitor sees beside the title of a public item: 'Public File' or 'Public Content'. */
export function PublicBadge({ label }: { label: string }) {
  return (
    <Badge tone="green" className="px-2.5 py-1">
      <Globe className="mr-1 size-3.5" aria-hidden />
      {label}
    </Badge>
  );
}

/** For signed-out visitors: 'Sign in to create your own' → /auth. */
export function SignInPrompt() {
  return (
    <ButtonLink to="/auth" variant="secondary" icon={<LogIn className="size-4" aria-hidden />}>
      Sign in to create your own
    </ButtonLink>
  );
}

/**
 * 'By {author} · date · type · {n} shares' (shares only when above 0), as a list. Each item after the first draws its
 * dot in its own left margin, and the list is pulled left by that margin inside a clipping box: an item that wraps to
 * the start of a line has its dot clipped, so no line starts with a separator (a text '·' before each item did, on
 * phones). The dot is drawn, not a character, so screen readers hear only the items.
 */
export function ItemFooter({ author, createdAt, type, shareCount }: { author: string; createdAt: string; type: string; shareCount: number }) {
  const parts: ReactNode[] = [
    <span key="by">By {author || 'Anonymous'}</span>,
    <time key="date" dateTime={createdAt}>
      {formatShortDate(createdAt)}
    </time>,
    <span key="type" className="capitalize">
      {type}
    </span>,
  ];
  if (shareCount > 0) parts.push(<span key="shares">{shareCount === 1 ? '1 share' : `${shareCount} shares`}</span>);
  return (
    <div className="overflow-hidden">
      <ul className="-ml-4 flex flex-wrap items-center gap-y-1 text-sm text-slate-600" aria-label="About this item" data-testid="item-footer">
        {parts.map((part, i) => (
          <li
            key={i}
            className="inline-flex items-center before:mx-1.5 before:inline-block before:size-1 before:shrink-0 before:rounded-full before:bg-slate-400 before:content-['']"
          >
            {part}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 'File not found' / 'Content not found', or the load failure, as a page. */
export function ItemProblem({ title, message, notFound }: { title: string; message: string; notFound: boolean }) {
  return (
    <Page title={title} width="narrow">
      <Card role="alert" className="flex flex-col items-center px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
          <SearchX className="size-7" aria-hidden />
        </span>
        <p className="mt-5 text-lg font-semibold text-slate-900">{message}</p>
        <p className="mt-1 text-slate-600">
          {notFound ? 'It may have been deleted or made private, or the link is incomplete.' : 'Please check your connection and reload the page.'}
        </p>
        <ButtonLink to="/" variant="outline" className="mt-6">
          Go to the home page
        </ButtonLink>
      </Card>
    </Page>
  );
}
