import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Telegram Bot API on a loopback port, speaking its wire format: `POST /bot<token>/<method>` with a JSON (or
 * form) body answers `{ ok: true, result }` or `{ ok: false, error_code, description, parameters? }`; files are
 * served at `GET /file/bot<token>/<file_path>`. Objects follow the Bot API's shapes (User, Chat, Message, Voice,
 * Audio, Video, VideoNote, Document, File, Update). Tests push Updates in as a user would send messages.
 */

export interface FakeChatUser {
  id: number;
  username?: string;
  first_name?: string;
}

export interface SentMessage {
  chat_id: number | string;
  text: string;
  [key: string]: unknown;
}

type Fault = { status: number; description: string; retry_after?: number } | 'malformed' | { hangMs: number };

const DOWNLOAD_LIMIT = 20 * 1024 * 1024;

export async function startFakeTelegram(options: { token?: string; username?: string } = {}) {
  const token = options.token ?? '123456:TEST-fake-bot-token';
  const botUser = { id: 123456, is_bot: true, first_name: 'Ampkit', username: options.username ?? 'ampkit_test_bot', can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false };
  const updates: Array<Record<string, unknown>> = [];
  const waiting = new Set<() => void>();
  const sent: SentMessage[] = [];
  const calls: Array<{ method: string; body: Record<string, unknown> }> = [];
  const files = new Map<string, { path: string; data: Buffer }>();
  const faults = new Map<string, Fault[]>();
  let nextUpdateId = 1000;
  let nextMessageId = 1;
  let webhook: { url: string; secret_token?: string } | null = null;

  const wake = () => {
    for (const resolve of waiting) resolve();
    waiting.clear();
  };

  async function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (!raw) return {};
    const type = req.headers['content-type'] ?? '';
    if (type.includes('application/json')) return JSON.parse(raw) as Record<string, unknown>;
    if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
    if (type.includes('multipart/form-data')) {
      const out: Record<string, unknown> = {};
      for (const m of raw.matchAll(/name="([^"]+)"\r\n\r\n([\s\S]*?)\r\n--/g)) out[m[1]!] = m[2];
      return out;
    }
    return {};
  }

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, code: number, description: string, parameters?: Record<string, unknown>) =>
    answer(res, code, { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });

  async function method(name: string, body: Record<string, unknown>, res: http.ServerResponse) {
    switch (name) {
      case 'getMe':
        return answer(res, 200, { ok: true, result: botUser });
      case 'deleteWebhook':
        webhook = null;
        return answer(res, 200, { ok: true, result: true });
      case 'setWebhook':
        webhook = { url: String(body.url), ...(body.secret_token ? { secret_token: String(body.secret_token) } : {}) };
        return answer(res, 200, { ok: true, result: true });
      case 'getWebhookInfo':
        return answer(res, 200, { ok: true, result: { url: webhook?.url ?? '', has_custom_certificate: false, pending_update_count: updates.length } });
      case 'getUpdates': {
        if (webhook) return error(res, 409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
        const offset = Number(body.offset ?? 0);
        // Confirmed updates (below the offset) are forgotten, as Telegram does.
        while (updates.length > 0 && Number(updates[0]!.update_id) < offset) updates.shift();
        const timeout = Math.min(Number(body.timeout ?? 0), 30);
        if (updates.length === 0 && timeout > 0) {
          await new Promise<void>((resolve) => {
            const done = () => resolve();
            waiting.add(done);
            setTimeout(() => {
              waiting.delete(done);
              resolve();
            }, timeout * 1000);
          });
        }
        const limit = Number(body.limit ?? 100);
        return answer(res, 200, { ok: true, result: updates.slice(0, limit) });
      }
      case 'sendMessage': {
        const text = String(body.text ?? '');
        if (!text) return error(res, 400, 'Bad Request: message text is empty');
        if ([...text].length > 4096) return error(res, 400, 'Bad Request: message is too long');
        if (!body.chat_id) return error(res, 400, 'Bad Request: chat not found');
        const message = { ...body, chat_id: body.chat_id as number, text };
        sent.push(message);
        return answer(res, 200, {
          ok: true,
          result: { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat: { id: Number(body.chat_id), type: 'private' }, from: botUser, text },
        });
      }
      case 'getFile': {
        const file = files.get(String(body.file_id));
        if (!file) return error(res, 400, 'Bad Request: invalid file_id');
        if (file.data.length > DOWNLOAD_LIMIT) return error(res, 400, 'Bad Request: file is too big');
        return answer(res, 200, { ok: true, result: { file_id: body.file_id, file_unique_id: `u${body.file_id}`, file_size: file.data.length, file_path: file.path } });
      }
      default:
        return error(res, 404, 'Not Found: method not found');
    }
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const download = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
      if (download) {
        if (download[1] !== token) return error(res, 401, 'Unauthorized');
        const file = [...files.values()].find((f) => f.path === download[2]);
        if (!file) return error(res, 404, 'Not Found');
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': file.data.length });
        return res.end(file.data);
      }
      const call = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
      if (!call) return error(res, 404, 'Not Found');
      if (call[1] !== token) return error(res, 401, 'Unauthorized');
      const body = { ...Object.fromEntries(url.searchParams), ...(await readBody(req)) };
      const name = call[2]!;
      calls.push({ method: name, body });
      const fault = faults.get(name)?.shift();
      if (fault === 'malformed') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"ok": tru');
      }
      if (fault && 'hangMs' in fault) {
        await new Promise((r) => setTimeout(r, fault.hangMs));
        return error(res, 504, 'Gateway Timeout');
      }
      if (fault) return error(res, fault.status, fault.description, fault.retry_after ? { retry_after: fault.retry_after } : undefined);
      return method(name, body, res);
    })().catch((err: unknown) => error(res, 500, `Internal Server Error: ${String(err)}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  function message(from: FakeChatUser, extra: Record<string, unknown>) {
    return {
      message_id: nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: 'private', ...(from.username ? { username: from.username } : {}), first_name: from.first_name ?? 'Tester' },
      from: { id: from.id, is_bot: false, first_name: from.first_name ?? 'Tester', ...(from.username ? { username: from.username } : {}), language_code: 'en' },
      ...extra,
    };
  }

  return {
    /** TELEGRAM_API_ROOT for the app. */
    url,
    token,
    username: botUser.username,
    /** Every message the bot sent. */
    sent,
    calls,
    get webhook() {
      return webhook;
    },
    /** Queues an Update for getUpdates and answers it (for posting to a webhook instead). */
    pushUpdate(update: Record<string, unknown>): Record<string, unknown> {
      const full = { update_id: nextUpdateId++, ...update };
      updates.push(full);
      wake();
      return full;
    },
    /** An Update with a text message from `from` (a command when it starts with /). */
    text(from: FakeChatUser, text: string) {
      const entities = text.startsWith('/') ? [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] : undefined;
      return { message: message(from, { text, ...(entities ? { entities } : {}) }) };
    },
    /** An Update with a voice note (or audio, video, video_note, document) whose bytes getFile serves. */
    media(from: FakeChatUser, kind: 'voice' | 'audio' | 'video' | 'video_note' | 'document', data: Buffer, mime = 'audio/ogg', declaredSize = data.length) {
      const fileId = `file-${nextMessageId}-${Math.random().toString(36).slice(2, 8)}`;
      const ext = mime.split('/')[1]!.replace('mpeg', 'mp3');
      files.set(fileId, { path: `${kind}s/file_${files.size}.${ext}`, data });
      const object = { file_id: fileId, file_unique_id: `u${fileId}`, file_size: declaredSize, duration: 3, mime_type: mime, ...(kind === 'document' ? { file_name: `note.${ext}` } : {}) };
      return { message: message(from, { [kind]: object }) };
    },
    /** Messages sent to one chat, in order. */
    messagesTo(chatId: number) {
      return sent.filter((m) => Number(m.chat_id) === chatId).map((m) => m.text);
    },
    /** Waits until a chat has received `count` messages (or fails after `ms`). */
    async waitForMessages(chatId: number, count: number, ms = 15_000): Promise<string[]> {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const got = sent.filter((m) => Number(m.chat_id) === chatId).map((m) => m.text);
        if (got.length >= count) return got;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`chat ${chatId} got ${sent.filter((m) => Number(m.chat_id) === chatId).length} messages, expected ${count}: ${JSON.stringify(sent.slice(-5))}`);
    },
    /** The next calls of `method` fail this way (HTTP error with the Bot API's body, a malformed body, or a hang). */
    failNext(methodName: string, ...next: Fault[]) {
      faults.set(methodName, [...(faults.get(methodName) ?? []), ...next]);
    },
    async close() {
      wake();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;
