import { Mail, RotateCcw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { APP_NAME, APP_TAGLINE, CONTACT_EMAIL, SUPPORT_EMAIL } from '../../../contract/constants.ts';
import { Button } from '../../components/ui/button.tsx';
import { useDevConfig } from '../../lib/dev-config.ts';
import { clearClosedNotifications } from '../../features/notifications/closed-notifications.ts';
import { useToolsConfig } from '../../lib/tools-config.ts';
import { footerTools, toolPath } from '../../features/tools/tool-filters.ts';
import { LogoMark } from './logo.tsx';

const linkClasses = 'text-sm text-slate-600 transition-colors hover:text-violet-700';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </div>
  );
}

function DevInfo({ database, environment }: { database: string; environment: string }) {
  const [reset, setReset] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-dashed border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900">
      <span className="font-semibold">Development host</span>
      <span>Database: {database}</span>
      <span>Environment: {environment}</span>
      <Button
        variant="outline"
        size="sm"
        className="h-7 text-xs"
        icon={<RotateCcw className="size-3.5" aria-hidden />}
        onClick={() => {
          clearClosedNotifications();
          setReset(true);
        }}
      >
        {reset ? 'Banners reset' : 'Reset banners'}
      </Button>
    </div>
  );
}

export function Footer() {
  const { tools } = useToolsConfig();
  const dev = useDevConfig();
  const available = footerTools(tools);
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div>
          <div className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <LogoMark className="size-7" />
            {APP_NAME}
          </div>
          <p className="mt-3 max-w-xs text-sm text-slate-600">{APP_TAGLINE}. You start, we amplify, you publish. Pay per generation, no subscription.</p>
          <a href={`mailto:${CONTACT_EMAIL}`} className={`${linkClasses} mt-4 inline-flex items-center gap-2`}>
            <Mail className="size-4" aria-hidden />
            {CONTACT_EMAIL}
          </a>
        </div>
        <Column title="Navigation">
          <li><Link to="/home" className={linkClasses}>Home</Link></li>
          <li><Link to="/tools" className={linkClasses}>All Tools</Link></li>
          <li><Link to="/about" className={linkClasses}>About</Link></li>
          <li><Link to="/dashboard" className={linkClasses}>Dashboard</Link></li>
        </Column>
        <Column title="AI Tools">
          {available.length === 0 ? (
            <li className="text-sm text-slate-500">New tools are launching soon.</li>
          ) : (
            available.map((tool) => (
              <li key={tool.id}>
                <Link to={toolPath(tool)} className={linkClasses}>{tool.title}</Link>
              </li>
            ))
          )}
        </Column>
        <Column title="Legal & Support">
          <li><Link to="/legal/terms" className={linkClasses}>Terms of Service</Link></li>
          <li><Link to="/legal/privacy" className={linkClasses}>Privacy Policy</Link></li>
          <li><a href={`mailto:${SUPPORT_EMAIL}`} className={linkClasses}>{SUPPORT_EMAIL}</a></li>
        </Column>
      </div>
      <div className="border-t border-slate-100">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-5 text-xs text-slate-500 sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>© {new Date().getFullYear()} {APP_NAME}. All rights reserved.</p>
          {dev.data && <DevInfo database={dev.data.database} environment={dev.data.environment} />}
        </div>
      </div>
    </footer>
  );
}
