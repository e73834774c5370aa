import { ArrowRight } from 'lucide-react';
import type { ToolConfig } from '../../../contract/tools.ts';
import { cn } from '../../components/ui/cn.ts';
import { ToolStatusBadge } from './tool-badge.tsx';
import { isLaunchable } from './tool-filters.ts';
import { ToolIcon } from './tool-icon.tsx';

/**
 * One launcher card. The whole card is clickable through one stretched button: "Launch {title}" for tools
 * that work, "{title} (Coming Soon)" for the others, which are dimmed and show no launch button.
 */
export function ToolCard({ tool, price, onLaunch }: { tool: ToolConfig; price?: string | null; onLaunch: (tool: ToolConfig) => void }) {
  const launchable = isLaunchable(tool);
  const descriptionId = `tool-${tool.id}-description`;
  return (
    <article
      className={cn(
        'group relative flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition',
        'has-[button:focus-visible]:ring-2 has-[button:focus-visible]:ring-violet-500 has-[button:focus-visible]:ring-offset-2',
        launchable ? 'hover:-translate-y-0.5 hover:border-violet-200 hover:shadow-md' : 'bg-slate-50/60 opacity-70 hover:opacity-90',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <ToolIcon iconName={tool.iconName} color={tool.color} className={launchable ? undefined : 'grayscale-[40%]'} />
        <ToolStatusBadge status={tool.status} />
      </div>
      <h3 className="mt-4 text-base font-semibold text-slate-900">{tool.title}</h3>
      <p className="mt-0.5 text-sm font-medium text-violet-700/90">{tool.shortDescription}</p>
      <p id={descriptionId} className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">
        {tool.description}
      </p>
      {/* Reserved even before the price loads, so the cards do not jump. */}
      <p className="mt-3 min-h-5 text-sm font-medium text-slate-700 tabular-nums" data-testid="tool-price">
        {price}
      </p>
      <button
        type="button"
        onClick={() => onLaunch(tool)}
        aria-describedby={descriptionId}
        aria-label={launchable ? `Launch ${tool.title}` : `${tool.title} (Coming Soon)`}
        className={cn(
          'focus-visible:outline-none',
          launchable
            ? 'mt-5 inline-flex items-center gap-1.5 self-start rounded-lg bg-violet-600 px-3.5 py-2 text-sm font-medium text-white shadow-sm transition-colors group-hover:bg-violet-700 after:absolute after:inset-0 after:rounded-2xl'
            : 'absolute inset-0 rounded-2xl',
        )}
      >
        {launchable && (
          <>
            Launch
            <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
          </>
        )}
      </button>
    </article>
  );
}
