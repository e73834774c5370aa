import { LogIn } from 'lucide-react';
import { NavLink } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { useAuth } from '../../lib/session/use-auth.ts';
import { useLogout } from '../../lib/session/use-logout.ts';
import { CreateMenu } from './create-menu.tsx';
import { CreditChip } from './credit-chip.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { UserMenu } from './user-menu.tsx';

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium transition-colors',
    isActive ? 'bg-violet-50 text-violet-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

export function Header() {
  const auth = useAuth();
  const logout = useLogout();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
          <CreateMenu />
          <NavLink to="/about" className={navLinkClasses}>
            About
          </NavLink>
          {/* Last, so that it appearing once the session is known moves nothing else. */}
          {!auth.isSignedIn && !auth.isLoading && (
            <NavLink to="/start" className={navLinkClasses}>
              Start creating
            </NavLink>
          )}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {auth.user ? (
            <>
              <CreditChip credits={auth.credits} />
              <div className="hidden md:block">
                <UserMenu user={auth.user} isAdmin={auth.isAdmin} onLogout={() => void logout()} />
              </div>
            </>
          ) : (
            !auth.isLoading && (
              <ButtonLink to="/auth" size="sm" icon={<LogIn className="size-4" aria-hidden />}>
                Sign in
              </ButtonLink>
            )
          )}
          <MobileMenu auth={auth} onLogout={() => void logout()} />
        </div>
      </div>
    </header>
  );
}
