import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

/**
 * A real SMTP server on a loopback port, as the mail adapter's peer in tests.
 * It accepts any login and keeps what it receives.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeHeader(headerOf(raw, 'subject')),
          text: textPart(raw),
          raw,
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  /** Waits for the newest mail to an address (after `after` mails had arrived in all). */
  async function waitForMail(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const address = to.trim().toLowerCase();
      const mail = [...received].reverse().find((m) => m.to.includes(address));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitForMail,
    /** The sign-in link in the newest mail to an address; `consume` removes that mail (so parallel sign-ins don't clash). */
    async magicLinkFor(to: string, options: { consume?: boolean } = {}): Promise<{ link: string; token: string }> {
      const mail = await waitForMail(to);
      if (options.consume) received.splice(received.indexOf(mail), 1);
      const link = /https?:\/\/\S+\/auth\/(?:magic|confirm-email)\?token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0];
      if (!link) throw new Error(`no sign-in link in mail to ${to}:\n${mail.text}`);
      return { link, token: decodeURIComponent(new URL(link).searchParams.get('token')!) };
    },
    clear: () => received.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

function headerOf(block: string, name: string): string {
  const head = block.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** The text/plain body of a message, decoded (single part or multipart). */
function textPart(raw: string): string {
  const contentType = headerOf(raw, 'content-type');
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return decodeBody(raw);
  const parts = raw.split(`--${boundary}`).slice(1, -1);
  for (const part of parts) {
    const trimmed = part.replace(/^\r?\n/, '');
    const type = headerOf(trimmed, 'content-type');
    if (/multipart\//i.test(type)) {
      const inner = textPart(trimmed);
      if (inner) return inner;
    }
    if (/text\/plain/i.test(type)) return decodeBody(trimmed);
  }
  return '';
}

function decodeBody(block: string): string {
  const encoding = headerOf(block, 'content-transfer-encoding').toLowerCase();
  const body = block.split(/\r?\n\r?\n/).slice(1).join('\n\n');
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
