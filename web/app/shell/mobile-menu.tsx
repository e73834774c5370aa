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
import { useDisclosure } from './use-disclosure.ts';

const itemClasses = 'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="py-2">
      <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">{title}</p>
      {children}
    </div>
  );
}

/** Below 768px the header collapses into this menu, which mirrors it (Sign in stays in the header bar). */
export function MobileMenu({ auth, onLogout }: { auth: AuthState; onLogout: () => void }) {
  const { open, containerRef, triggerRef, triggerProps, panelProps } = useDisclosure();
  const { tools } = useToolsConfig();
  const jobRunning = useJobRunning();
  const { user } = auth;

  return (
    <div ref={containerRef} className="md:hidden">
      <button
        type="button"
        ref={triggerRef}
        {...triggerProps}
        aria-label={open ? 'Close menu' : 'Open menu'}
        className="flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
      >
        {open ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
      </button>
      {open && (
        <nav
          {...panelProps}
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
      )}
    </div>
  );
}
