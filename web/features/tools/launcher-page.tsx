import { Navigate } from 'react-router';
import { displayName, type User, type Welcome } from '../../../contract/auth.ts';
import { cmp } from '../../../contract/decimal.ts';
import { Page } from '../../components/ui/page.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { formatCredits } from '../../lib/credits-format.ts';
import { useAuth } from '../../lib/session/use-auth.ts';
import { ToolLauncher } from './tool-launcher.tsx';

const PICK_A_TOOL = 'Pick a tool and start creating. You only pay for what you generate.';

/** 'Jane' of 'Jane Doe'; a missing name or the old 'New User' default reads as the one made from the address. */
function firstName(user: User): string {
  return displayName(user).split(/\s+/)[0]!;
}

/**
 * The signed-in greeting: a newcomer (the session that created the account) is welcomed and told what the sign-up
 * gave them, if anything; everyone else is welcomed back.
 */
function greeting(user: User, welcome: Welcome | null): { title: string; description: string } {
  const name = firstName(user);
  if (!welcome) return { title: `Welcome back, ${name}`, description: PICK_A_TOOL };
  const bonus = cmp(welcome.signup_bonus || '0', 0) > 0 ? formatCredits(welcome.signup_bonus) : null;
  return {
    title: `Welcome, ${name}`,
    description: bonus
      ? `Your account comes with ${bonus} free sign-up credits to try any tool. You only pay for what you generate, with no subscription.`
      : PICK_A_TOOL,
  };
}

/** /tools (and / for signed-in users): the tool launcher. */
export function LauncherPage() {
  const { user, welcome } = useAuth();
  const signedIn = user ? greeting(user, welcome) : null;
  return (
    <Page
      documentTitle="Tools"
      title={signedIn?.title ?? 'AI tools for creators'}
      description={
        signedIn?.description ??
        'You start, we amplify, you publish. Sign in to use any tool; you pay per generation, with no subscription.'
      }
    >
      {/* The cards' titles are h3, as on the landing page, where the launcher sits under a section heading. */}
      <section aria-labelledby="launcher-heading">
        <h2 id="launcher-heading" className="sr-only">
          All tools
        </h2>
        <ToolLauncher />
      </section>
    </Page>
  );
}

/** /start: the launcher for visitors; signed-in users go to /. */
export function StartPage() {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signed-in') return <Navigate to="/" replace />;
  return <LauncherPage />;
}
