import { ArrowLeft, Hourglass } from 'lucide-react';
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useToolsConfig } from '../../lib/tools-config.ts';
import { useAuth } from '../../lib/session/use-auth.ts';
import { ToolStatusBadge } from '../../features/tools/tool-badge.tsx';
import { isLaunchable } from '../../features/tools/tool-filters.ts';
import { ToolIcon } from '../../features/tools/tool-icon.tsx';
import { webTool } from './tool-registry.ts';

const backLink = (
  <ButtonLink to="/tools" variant="outline" icon={<ArrowLeft className="size-4" aria-hidden />}>
    All tools
  </ButtonLink>
);

/** /tools/:id: the tool's own page when it is built, else a coming-soon shell; unknown ids get a not-found page. */
export function ToolPage({ toolId }: { toolId?: string } = {}) {
  const params = useParams();
  const id = toolId ?? params.id ?? '';
  const { tools, isPending, error } = useToolsConfig();
  const known = tools.find((t) => t.id === id);
  // A disabled tool is hidden everywhere (spec 1 §3); its address says so instead of opening it.
  const tool = known?.status === 'disabled' ? undefined : known;

  if (isPending) return <PageSpinner label="Loading tool" />;
  if (error) {
    return (
      <Page title="Tool" documentTitle="Tool">
        <Alert tone="error" title={`Error loading tools: ${error.message}`} />
      </Page>
    );
  }
  if (known && !tool) {
    return <Page title="Tool not available" description={`${known.title} is not available right now. Please try another tool.`} actions={backLink} />;
  }
  if (!tool) {
    return (
      <Page title="Tool not found" description={`There is no tool called "${id}". It may have been renamed or retired.`} actions={backLink} />
    );
  }

  const Component = isLaunchable(tool) ? webTool(tool.id)?.page : undefined;
  return (
    <Page
      documentTitle={tool.title}
      title={tool.title}
      icon={<ToolIcon iconName={tool.iconName} color={tool.color} />}
      badge={<ToolStatusBadge status={tool.status} />}
      description={tool.description}
      actions={backLink}
    >
      {Component ? (
        <Suspense fallback={<PageSpinner label="Loading tool" />}>
          <Component tool={tool} />
        </Suspense>
      ) : (
        <Card className="flex flex-col items-center px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-amber-50 text-amber-600">
            <Hourglass className="size-7" aria-hidden />
          </span>
          <h2 className="mt-5 text-lg font-semibold text-slate-900">{tool.title} is coming soon</h2>
          <p className="mt-2 max-w-md text-slate-600">
            We're putting the finishing touches on this tool. You'll find it in the launcher as soon as it is ready.
          </p>
          <ButtonLink to="/tools" className="mt-6">
            Browse all tools
          </ButtonLink>
        </Card>
      )}
    </Page>
  );
}

/**
 * /tools/transcription is open to visitors (spec 3 §2, §6): they see only a sign-in prompt with a button to /auth;
 * a signed-in user gets the tool page.
 */
export function TranscriptionToolRoute() {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner label="Loading tool" />;
  if (status !== 'signed-in') {
    return (
      <Page title="Audio Transcription" description="Record or upload audio and get a transcript, a summary, action points and more.">
        <Card className="flex flex-col items-center px-6 py-14 text-center">
          <h2 className="text-lg font-semibold text-slate-900">Sign in to transcribe audio</h2>
          <p className="mt-2 max-w-md text-sm text-slate-600">Transcriptions are paid per minute from your credit balance. Sign in or create an account to start.</p>
          <ButtonLink to="/auth" className="mt-6">
            Sign in to start
          </ButtonLink>
        </Card>
      </Page>
    );
  }
  return <ToolPage toolId="transcription" />;
}
