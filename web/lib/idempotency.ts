/**
 * One Idempotency-Key per user action on a paid call. A double-click, or a retry after the network failed, repeats
 * the action and sends its key again, so the server answers the first answer and charges once; once the server has
 * answered, the next call is a new action with a new key.
 */
import { ApiError } from './api.ts';

export const newIdempotencyKey = (): string => crypto.randomUUID();

/** The server's 409 for a key whose first call is still running. */
const stillRunning = (error: unknown) => error instanceof ApiError && error.status === 409 && error.details.in_progress === true;

const unanswered = (error: unknown) =>
  (error instanceof ApiError && error.status === 0) || (error instanceof DOMException && error.name === 'AbortError');

interface OpenAction {
  fingerprint: string;
  key: string;
  /** The first call sent with this key, which a repeat waits for when the server says it is still running. */
  first: Promise<unknown> | null;
}

export function createActionKeys() {
  let open: OpenAction | null = null;

  return {
    /**
     * Sends one call of an action: `request` identifies the action (the body), `send` makes the call with the key.
     * The same request while the action is open reuses its key; a repeat the server finds still running waits for
     * the first call and answers its result.
     */
    async run<T>(request: unknown, send: (key: string) => Promise<T>): Promise<T> {
      const fingerprint = JSON.stringify(request);
      if (open?.fingerprint !== fingerprint) open = { fingerprint, key: newIdempotencyKey(), first: null };
      const action = open;
      const attempt = send(action.key);
      action.first ??= attempt;
      try {
        const result = await attempt;
        if (open === action) open = null;
        return result;
      } catch (error) {
        if (stillRunning(error) && action.first !== attempt) return action.first as Promise<T>;
        if (action.first === attempt) action.first = null;
        // Without an answer the key stays: the server may have done the work, and a retry then replays it.
        if (!unanswered(error) && open === action) open = null;
        throw error;
      }
    },
  };
}

export type ActionKeys = ReturnType<typeof createActionKeys>;
