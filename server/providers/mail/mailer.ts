import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail. Two adapters: SMTP (SMTP_URL set) and the server log (embedded default). */
export interface Mailer {
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Without SMTP the message is printed to the server log so a developer can open the link.
 * This is the only place a sign-in link appears in a log; set SMTP_URL in production.
 */
export function logMailer(log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    kind: 'log',
    async send(message) {
      log.info({ mail: { to: message.to, subject: message.subject } }, `Mail (SMTP_URL not set):\n${message.text}`);
    },
  };
}

export function createMailer(
  settings: { SMTP_URL?: string; MAIL_FROM: string },
  log: Pick<FastifyBaseLogger, 'info'>,
): Mailer {
  return settings.SMTP_URL ? smtpMailer(settings.SMTP_URL, settings.MAIL_FROM) : logMailer(log);
}
