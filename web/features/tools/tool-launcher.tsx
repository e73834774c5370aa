import { X } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ToolConfig } from '../../../contract/tools.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../lib/session/use-auth.ts';
import { useToolsConfig } from '../../lib/tools-config.ts';
import { ToolCard } from './tool-card.tsx';
import { launchAction, launcherTools } from './tool-filters.ts';
import { priceLabel, useToolPrices } from './tool-prices.ts';

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

  if (isPending) return <PageSpinner label="Loading tools" className="min-h-48" />;
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
        <ul className={columns === 4 ? 'grid gap-5 sm:grid-cols-2 lg:grid-cols-4' : 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3'}>
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
