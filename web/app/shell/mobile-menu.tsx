import { Info, LayoutGrid, LogOut, Menu, Rocket, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../components/ui/cn.ts';
import { JOB_RUNNING_HINT, useJobRunning } from '../../lib/job-running.ts';
import type { AuthState } from '../../lib/session/use-auth.ts';
import { useToolsConfig } from '../../lib/tools-config.ts';
import { headerTools, toolPath } from '../../features/tools/tool-filters.ts';
import { ToolIcon } from '../../features/tools/tool-icon.tsx';
import { userMenuItems } from './nav-items.ts';
import { Avatar } from './user-menu.tsx';
import { ToolStatusBadge } from '../../features/tools/tool-badge.tsx';
import { useDetailsDisclosure } from './use-disclosure.ts';

const itemClasses = 'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="py-2">
      {/* slate-600 on white: 7.6:1 (slate-400 was 2.6:1, issue 26 item 19). */}
      <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</p>
      {children}
    </div>
  );
}

/**
 * Below 768px the header collapses into this menu, which mirrors it (Sign in stays in the header bar). A `<details>`
 * element with plain links, so on a prerendered page it opens and its links work before the app has started.
 */
export function MobileMenu({ auth, onLogout }: { auth: AuthState; onLogout: () => void }) {
  const { open, containerRef, triggerRef, detailsProps } = useDetailsDisclosure();
  const { tools } = useToolsConfig();
  const jobRunning = useJobRunning();
  const { user } = auth;

  return (
    <details ref={containerRef} {...detailsProps} className="group md:hidden">
      {/* The icon follows the element's own open state, so it is right before the app runs too. */}
      <summary
        ref={triggerRef}
        aria-label={open ? 'Close menu' : 'Open menu'}
        className="flex size-10 cursor-pointer list-none items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600 [&::-webkit-details-marker]:hidden"
      >
        <Menu className="size-6 group-open:hidden" aria-hidden />
        <X className="hidden size-6 group-open:block" aria-hidden />
      </summary>
      <nav
        aria-label="Mobile"
        className="absolute inset-x-0 top-full z-50 max-h-[calc(100dvh-4rem)] animate-fade-in overflow-y-auto border-b border-slate-200 bg-white px-4 pb-4 shadow-lg"
      >
        {user && (
          <div className="flex items-center gap-3 border-b border-slate-100 px-3 py-4">
            <Avatar user={user} className="size-10" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-slate-900">{user.name || 'Your account'}</p>
              <p className="truncate text-xs text-slate-500">{user.email}</p>
            </div>
          </div>
        )}
        <Section title="Create">
          {!auth.isSignedIn && (
            <Link to="/start" className={itemClasses}>
              <Rocket className="size-4 text-slate-500" aria-hidden />
              Start creating
            </Link>
          )}
          {jobRunning ? (
            <p className="px-3 py-2.5 text-sm text-slate-500">{JOB_RUNNING_HINT}</p>
          ) : (
            <>
              <Link to="/tools" className={itemClasses}>
                <LayoutGrid className="size-4 text-slate-500" aria-hidden />
                All Tools
              </Link>
              {headerTools(tools).map((tool) => (
                <Link key={tool.id} to={toolPath(tool)} className={itemClasses}>
                  <ToolIcon iconName={tool.iconName} color={tool.color} size="sm" />
                  {tool.title}
                  {tool.status === 'beta' && <ToolStatusBadge status="beta" />}
                </Link>
              ))}
            </>
          )}
          <Link to="/about" className={itemClasses}>
            <Info className="size-4 text-slate-500" aria-hidden />
            About
          </Link>
        </Section>
        {user && (
          <Section title="Account">
            {userMenuItems(auth.isAdmin).map(({ to, label, icon: Icon }) => (
              <Link key={to} to={to} className={itemClasses}>
                <Icon className="size-4 text-slate-500" aria-hidden />
                {label}
              </Link>
            ))}
            <button type="button" onClick={onLogout} className={cn(itemClasses, 'w-full text-red-600 hover:bg-red-50')}>
              <LogOut className="size-4" aria-hidden />
              Logout
            </button>
          </Section>
        )}
      </nav>
    </details>
  );
}
