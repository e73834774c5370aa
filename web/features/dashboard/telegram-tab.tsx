import { Bell, MessageCircle, Mic, Send } from 'lucide-react';
import { Alert } from '../../components/ui/alert.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';

const perks = [
  { icon: MessageCircle, text: 'Send text, voice notes or videos to the bot' },
  { icon: Mic, text: 'Get transcriptions and captions back in the chat' },
  { icon: Bell, text: 'Be notified the moment a job finishes' },
];

/** The Telegram integration card (spec 1 §4 Chat-messaging link). The Telegram issue adds linking and status. */
export function TelegramTab() {
  return (
    <Card>
      <CardHeader
        icon={<Send className="size-5" aria-hidden />}
        title="Telegram Integration"
        description="Use Ampkit from your Telegram chats."
      />
      <CardBody className="space-y-5">
        <ul className="grid gap-3 sm:grid-cols-3">
          {perks.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
              <Icon className="mt-0.5 size-4 shrink-0 text-violet-600" aria-hidden />
              {text}
            </li>
          ))}
        </ul>
        <Alert tone="warning" title="Telegram is not configured yet">
          The Telegram bot has not been set up on this server. Once it is, you can connect your account here.
        </Alert>
      </CardBody>
    </Card>
  );
}
