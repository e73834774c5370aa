import { Images, LayoutDashboard, Library, Shield, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** The user menu (spec 1 §2 Header), shared by the desktop menu and the mobile menu. */
export const USER_MENU_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/gallery', label: 'Gallery', icon: Images },
  { to: '/library', label: 'Library', icon: Library },
  { to: '/admin', label: 'Admin', icon: Shield, adminOnly: true },
];

export const userMenuItems = (isAdmin: boolean) => USER_MENU_ITEMS.filter((item) => !item.adminOnly || isAdmin);
