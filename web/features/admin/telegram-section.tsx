import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { Alert } from '../../components/ui/alert.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { siteContentQueryOptions } from '../../lib/site-content.ts';
import { AdminLoadError, AdminLoading } from './admin-states.tsx';

/** What each setting of the bot does: the operator's text, shown to the admin only (issue 26 item 15). */
const SETTINGS = [
  ['TELEGRAM_BOT_TOKEN', 'the bot’s token from @BotFather; it turns the bot on.'],
  ['TELEGRAM_WEBHOOK_SECRET', 'optional; with it Telegram posts updates to /api/telegram/webhook, without it the worker polls.'],
  ['TELEGRAM_API_ROOT', 'optional; another Bot API server than api.telegram.org.'],
] as const;

const code = 'rounded bg-slate-100 px-1 font-mono text-[0.8125rem] text-slate-900 wrap-anywhere';

/** System Settings' Telegram card: whether the site's bot is on, and the server settings that run it. */
export function TelegramSection() {
  const site = useQuery(siteContentQueryOptions);
  return (
    <Card>
      <CardHeader
        title="Telegram bot"
        description="Creators link their Telegram chat on the dashboard while the bot is on. Settings are changed in the server's environment, then the server is restarted."
        icon={<Send className="size-5" aria-hidden />}
      />
      <CardBody className="space-y-4">
        {site.isPending ? (
          <AdminLoading label="Loading the Telegram bot…" />
        ) : site.isError ? (
          <AdminLoadError error={site.error} />
        ) : site.data.telegram_bot ? (
          <Alert tone="success" title="The bot is on">
            Creators see Connect Telegram on the dashboard, and the landing page mentions Telegram.
          </Alert>
        ) : (
          <Alert tone="warning" title="The bot is off">
            Creators read that Telegram is not available on this site yet, and the landing page does not mention it. Set{' '}
            <code className={code}>TELEGRAM_BOT_TOKEN</code> to turn it on.
          </Alert>
        )}
        <ul className="space-y-2 text-sm text-slate-700" aria-label="Settings of the bot">
          {SETTINGS.map(([name, what]) => (
            <li key={name}>
              <code className={code}>{name}</code>: {what}
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
