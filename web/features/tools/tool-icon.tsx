import { createElement } from 'react';
import { Camera, Image, Mic, Palette, Sparkles, User, Wand2, type LucideIcon } from 'lucide-react';
import type { ToolIcon } from '../../../contract/tools.ts';
import { cn } from '../../components/ui/cn.ts';

/** Every icon a tool definition may name (TOOL_ICONS), so a new one does not compile without its picture; 'Image' as stored before. */
const ICONS: Record<ToolIcon | 'Image', LucideIcon> = {
  Palette,
  Sparkles,
  ImageIcon: Image,
  Image,
  Wand2,
  Mic,
  Camera,
  User,
};

/** The lucide icon named by a tool's iconName; Wand2 when unknown. */
export function toolIcon(iconName: string | null | undefined): LucideIcon {
  return iconName && Object.hasOwn(ICONS, iconName) ? ICONS[iconName as keyof typeof ICONS] : Wand2;
}

/** Full class names per tool colour, spelled out so Tailwind generates them. */
const COLORS: Record<string, string> = {
  violet: 'bg-violet-100 text-violet-700',
  purple: 'bg-purple-100 text-purple-700',
  blue: 'bg-blue-100 text-blue-700',
  rose: 'bg-rose-100 text-rose-700',
  pink: 'bg-pink-100 text-pink-700',
  amber: 'bg-amber-100 text-amber-700',
  orange: 'bg-orange-100 text-orange-700',
  emerald: 'bg-emerald-100 text-emerald-700',
  green: 'bg-green-100 text-green-700',
  sky: 'bg-sky-100 text-sky-700',
  teal: 'bg-teal-100 text-teal-700',
  indigo: 'bg-indigo-100 text-indigo-700',
};

export function ToolIcon({ iconName, color, size = 'md', className }: {
  iconName: string;
  color?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const box = size === 'sm' ? 'size-7 rounded-md' : size === 'lg' ? 'size-14 rounded-2xl' : 'size-11 rounded-xl';
  const icon = size === 'sm' ? 'size-4' : size === 'lg' ? 'size-7' : 'size-5';
  return (
    <span className={cn('flex shrink-0 items-center justify-center', box, (color && COLORS[color]) || 'bg-slate-100 text-slate-700', className)}>
      {/* createElement, not <Icon />: the icon is looked up from a prop, and a component picked during render must
          not look like one defined during render. */}
      {createElement(toolIcon(iconName), { className: icon, 'aria-hidden': true })}
    </span>
  );
}
