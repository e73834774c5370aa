import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from './cn.ts';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  icon?: ReactNode;
}

/** Ids shared by a tab and its panel, so TabPanel can point back at its tab. */
export function tabIds(baseId: string, tab: string) {
  return { tab: `${baseId}-tab-${tab}`, panel: `${baseId}-panel-${tab}` };
}

/** A WAI-ARIA tab list: arrow keys, Home and End move between tabs. */
export function Tabs<T extends string>({ tabs, value, onChange, label, baseId, className }: {
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (tab: T) => void;
  label: string;
  baseId: string;
  className?: string;
}) {
  const refs = useRef(new Map<T, HTMLButtonElement>());

  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className={cn('inline-flex gap-1 rounded-xl bg-slate-100 p-1', className)}>
      {tabs.map((tab, index) => {
        const selected = tab.id === value;
        const ids = tabIds(baseId, tab.id);
        return (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={ids.tab}
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(event) => move(event, index)}
            className={cn(
              'inline-flex shrink-0 items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors sm:px-4',
              selected ? 'bg-white text-violet-700 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {tab.icon}
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ baseId, tab, children, className }: { baseId: string; tab: string; children: ReactNode; className?: string }) {
  const ids = tabIds(baseId, tab);
  return (
    <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} tabIndex={0} className={cn('focus-visible:outline-none', className)}>
      {children}
    </div>
  );
}

/** A stable id base for one Tabs/TabPanel pair. */
export const useTabsId = () => useId().replace(/:/g, '');
