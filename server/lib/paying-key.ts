import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The API key a request was made with, for the holds its work opens: a key's own monthly cap counts what it holds
 * and spends (credit_hold). Entered by the session guard around the route's handler, so the tools, batches and
 * transcriptions need not carry it; work a worker runs later holds nothing new.
 */
const storage = new AsyncLocalStorage<string>();

/** Runs `fn` (the handler) as paid with `apiKeyId`. */
export function withPayingKey<T>(apiKeyId: string, fn: () => T): T {
  return storage.run(apiKeyId, fn);
}

/** The key paying for the work under way, or null (a browser session, a worker, the Telegram bot). */
export function payingKey(): string | null {
  return storage.getStore() ?? null;
}
