import { X } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ToolConfig } from '../../../contract/tools.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TOOL_CATALOGUE } from '../../../contract/tools.ts';
import { useAuth } from '../../lib/session/use-auth.ts';
import { useToolsConfig } from '../../lib/tools-config.ts';
import { ToolCard } from './tool-card.tsx';
import { launchAction, launcherTools } from './tool-filters.ts';
import { priceLabel, useToolPrices } from './tool-prices.ts';

const gridClasses = (columns: 3 | 4) => (columns === 4 ? 'grid gap-5 sm:grid-cols-2 lg:grid-cols-4' : 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3');

/**
 * While the tools load: card-sized placeholders, as many as the catalogue's launcher cards, so the page below does
 * not jump when the real cards arrive.
 */
function LauncherSkeleton({ columns }: { columns: 3 | 4 }) {
  return (
    <div role="status" aria-label="Loading tools">
      <ul aria-hidden className={gridClasses(columns)}>
        {launcherTools(TOOL_CATALOGUE).map((tool) => (
          <li key={tool.id} className="h-72 animate-pulse rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="size-12 rounded-xl bg-slate-100" />
            <div className="mt-4 h-4 w-2/3 rounded bg-slate-100" />
            <div className="mt-3 h-3 w-full rounded bg-slate-100" />
            <div className="mt-2 h-3 w-5/6 rounded bg-slate-100" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The tool grid (spec 1 §2 "Tool launcher"), used by /, /start, /tools and the landing page. */
export function ToolLauncher({ columns = 3 }: { columns?: 3 | 4 }) {
  const navigate = useNavigate();
  const { isSignedIn } = useAuth();
  const { tools, isPending, error, refetch, isFetching } = useToolsConfig();
  const prices = useToolPrices();
  const [comingSoon, setComingSoon] = useState<ToolConfig | null>(null);

  const launch = (tool: ToolConfig) => {
    const action = launchAction(tool, isSignedIn);
    if (action.kind === 'coming-soon') setComingSoon(action.tool);
    else void navigate(action.to, { state: action.state });
  };

  if (isPending) return <LauncherSkeleton columns={columns} />;
  if (error) {
    return (
      <Alert
        tone="error"
        title={`Error loading tools: ${error.message}`}
        action={
          <Button variant="outline" size="sm" loading={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        }
      />
    );
  }

  const cards = launcherTools(tools);
  return (
    <div className="space-y-4">
      {comingSoon && (
        <Alert
          tone="info"
          role="alert"
          title={`${comingSoon.title} is coming soon`}
          className="animate-fade-in"
          action={
            <Button variant="ghost" size="sm" onClick={() => setComingSoon(null)} icon={<X className="size-4" aria-hidden />}>
              Dismiss
            </Button>
          }
        >
          We're putting the finishing touches on it. It will appear here as soon as it is ready.
        </Alert>
      )}
      {cards.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-500">
          No tools are available right now. Please check back soon.
        </p>
      ) : (
        <ul className={gridClasses(columns)}>
          {cards.map((tool) => (
            <li key={tool.id} className="flex">
              <ToolCard tool={tool} price={priceLabel(prices[tool.id])} onLaunch={launch} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
