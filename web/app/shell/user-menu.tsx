import { ChevronDown, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '../../../contract/auth.ts';
import { cn } from '../../components/ui/cn.ts';
import { menuItemClasses, menuPanelClasses } from './menu-styles.ts';
import { userMenuItems } from './nav-items.ts';
import { useDisclosure } from './use-disclosure.ts';

export function Avatar({ user, className }: { user: User; className?: string }) {
  const initial = (user.name?.trim() || user.email).charAt(0).toUpperCase();
  return (
    <span
      aria-hidden
      className={cn('flex size-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-violet-700 text-sm font-semibold text-white', className)}
    >
      {initial}
    </span>
  );
}

/** The header's account menu: Dashboard, Gallery, Library, Admin (admins only), Logout. */
export function UserMenu({ user, isAdmin, onLogout }: { user: User; isAdmin: boolean; onLogout: () => void }) {
  const { open, containerRef, triggerRef, triggerProps, panelProps } = useDisclosure();
  return (
    <div ref={containerRef} className="relative">
      <button
        type="button"
        ref={triggerRef}
        {...triggerProps}
        className="inline-flex h-10 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100"
      >
        <span className="sr-only">Account menu</span>
        <Avatar user={user} />
        <span className="hidden max-w-32 truncate lg:inline">{user.name || user.email}</span>
        <ChevronDown className={cn('size-4 text-slate-500 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open && (
        <div {...panelProps} className={cn(menuPanelClasses, 'right-0 w-64')}>
          <div className="border-b border-slate-100 px-3 pt-2 pb-3">
            <p className="truncate text-sm font-semibold text-slate-900">{user.name || 'Your account'}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <div className="py-1">
            {userMenuItems(isAdmin).map(({ to, label, icon: Icon }) => (
              <Link key={to} to={to} className={menuItemClasses}>
                <Icon className="size-4 text-slate-500" aria-hidden />
                {label}
              </Link>
            ))}
          </div>
          <div className="border-t border-slate-100 pt-1">
            <button type="button" onClick={onLogout} className={cn(menuItemClasses, 'text-red-600 hover:bg-red-50 hover:text-red-700')}>
              <LogOut className="size-4" aria-hidden />
              Logout
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
