import { ChevronDown, LayoutGrid, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../components/ui/cn.ts';
import { JOB_RUNNING_HINT, useJobRunning } from '../../lib/job-running.ts';
import { useToolsConfig } from '../../lib/tools-config.ts';
import { headerTools, toolPath } from '../../features/tools/tool-filters.ts';
import { ToolStatusBadge } from '../../features/tools/tool-badge.tsx';
import { ToolIcon } from '../../features/tools/tool-icon.tsx';
import { menuItemClasses, menuPanelClasses } from './menu-styles.ts';
import { useDisclosure } from './use-disclosure.ts';

/** The header's Create dropdown: All Tools plus available and beta tools; disabled while a job runs. */
export function CreateMenu() {
  const { tools } = useToolsConfig();
  const jobRunning = useJobRunning();
  const { open, containerRef, triggerRef, triggerProps, panelProps } = useDisclosure();
  const items = headerTools(tools);

  return (
    <div ref={containerRef} className="relative" title={jobRunning ? JOB_RUNNING_HINT : undefined}>
      <button
        type="button"
        ref={triggerRef}
        {...triggerProps}
        disabled={jobRunning}
        title={jobRunning ? JOB_RUNNING_HINT : undefined}
        aria-describedby={jobRunning ? 'create-menu-hint' : undefined}
        className="inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <Sparkles className="size-4 text-violet-600" aria-hidden />
        Create
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {jobRunning && (
        <span id="create-menu-hint" className="sr-only">
          {JOB_RUNNING_HINT}
        </span>
      )}
      {open && !jobRunning && (
        <div {...panelProps} className={cn(menuPanelClasses, 'left-0 w-72')}>
          <Link to="/tools" className={cn(menuItemClasses, 'font-medium')}>
            <span className="flex size-7 items-center justify-center rounded-md bg-slate-100 text-slate-700">
              <LayoutGrid className="size-4" aria-hidden />
            </span>
            All Tools
          </Link>
          {items.length > 0 && <div className="my-1 border-t border-slate-100" />}
          {items.map((tool) => (
            <Link key={tool.id} to={toolPath(tool)} className={menuItemClasses}>
              <ToolIcon iconName={tool.iconName} color={tool.color} size="sm" />
              <span className="min-w-0">
                <span className="flex items-center gap-2 font-medium">
                  {tool.title}
                  {tool.status === 'beta' && <ToolStatusBadge status="beta" />}
                </span>
                <span className="block truncate text-xs text-slate-500">{tool.shortDescription}</span>
              </span>
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
