import type { ToolConfig } from '../../../contract/tools.ts';
import { Card } from '../../components/ui/card.tsx';

/** Placeholder while the page is built (issue 10). */
export function ThumbnailPage({ tool }: { tool: ToolConfig }) {
  return <Card className="p-6 text-slate-600">{tool.title} is being built.</Card>;
}
