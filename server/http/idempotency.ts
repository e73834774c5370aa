import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../contract/credits.ts';
import type { Clock } from '../lib/clock.ts';
import { nextTurn } from '../lib/concurrency.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { readMultipartBody } from './multipart-body.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route charges credits: it takes an Idempotency-Key, and a repeat with the same key answers the first
     * answer and charges nothing more (server/http/idempotency.ts). Only for POST routes with a signed-in user.
     */
    paid?: boolean;
  }
  interface FastifyInstance {
    /** Every route declared `config.paid`, as registered (the replay test walks this list). */
    paidRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
  interface FastifyRequest {
    idempotency: Claim | null;
  }
}

/** How long a key is remembered. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3600_000;

export interface StoredAnswer {
  requestHash: string;
  /** Null while the first call is still running. */
  statusCode: number | null;
  response: unknown;
}

interface Claim {
  userId: string;
  key: string;
  requestHash: string;
}

/** Where keys live; implemented over the idempotency_keys table by server/modules/idempotency. */
export interface IdempotencyStore {
  /**
   * Records the key as running for this request and answers null; or, when the user already has this key,
   * answers what was stored. A stored key older than `expiredBefore`, or still running since before
   * `abandonedBefore`, is taken over as a new claim.
   */
  claim(claim: Claim, now: Date, stale: { expiredBefore: Date; abandonedBefore: Date }): Promise<StoredAnswer | null>;
  /** Stores the answer of a claimed key. */
  finish(claim: Claim, statusCode: number, response: unknown): Promise<void>;
  /** Forgets a claimed key that has no answer to keep. */
  release(claim: Claim): Promise<void>;
}

export interface IdempotencyDeps {
  store: IdempotencyStore;
  clock: Clock;
  /**
   * A key still marked running after this long belonged to a process that died: by then the hold TTL sweep has
   * released its hold, so the first call can no longer charge, and the user may run the key again.
   */
  abandonedAfterMs: number;
  /**
   * A repeat that finds the first call still running waits this long for its answer (a tool's call answers within
   * GENERATION_WAIT_MS), then answers 409 `in_progress`.
   */
  repeatWaitMs?: number;
  /**
   * The current state behind a stored 202 (a generation still running when the first call answered): what a repeat
   * answers now, or null to replay the stored answer. May throw the AppError the work ended with.
   */
  replay?: (userId: string, stored: StoredAnswer) => Promise<{ statusCode: number; response: unknown } | null>;
}

/** How often a repeat looks for the first call's answer. */
const REPEAT_POLL_MS = 250;

/**
 * The canonical JSON text of a parsed body (keys sorted, so `{a, b}` and `{b, a}` are one request; undefined left out;
 * bytes, an uploaded file of a MultipartBody, as their SHA-256 and length, so another file is another request), as
 * pieces: one value, key or bracket at a time, so a 15 MB batch body is never built into one string.
 */
export function* canonicalJsonPieces(value: unknown): Generator<string> {
  if (value instanceof Uint8Array) {
    yield JSON.stringify({ sha256: createHash('sha256').update(value).digest('hex'), bytes: value.length });
  } else if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i += 1) {
      if (i > 0) yield ',';
      yield* canonicalJsonPieces(value[i]);
    }
    yield ']';
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .sort()
      .filter((k) => record[k] !== undefined);
    yield '{';
    for (const [i, k] of keys.entries()) {
      yield `${i > 0 ? ',' : ''}${JSON.stringify(k)}:`;
      yield* canonicalJsonPieces(record[k]);
    }
    yield '}';
  } else {
    yield JSON.stringify(value) ?? 'null';
  }
}

/** The hash gives the event loop a turn after this many characters: other requests wait at most a few ms. */
const HASH_TURN_CHARS = 1 << 20;

/**
 * The request's digest: method, URL and the canonical JSON of the body, a multipart upload's every field and file
 * included (read whole before this by readMultipartBody, so two sends of the same parts are one request whatever
 * their boundary). Fed piece by piece with a turn of the event loop after each MB: over a 50-image batch body it took
 * 0.3 s in one block, and every other request waited.
 */
export async function requestHash(request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): Promise<string> {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  let sinceTurn = 0;
  for (const piece of canonicalJsonPieces(request.body ?? null)) {
    hash.update(piece);
    sinceTurn += piece.length;
    if (sinceTurn >= HASH_TURN_CHARS) {
      sinceTurn = 0;
      await nextTurn();
    }
  }
  return hash.digest('hex');
}

function keyOf(request: FastifyRequest): string | null {
  const sent = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (sent === undefined) return null;
  if (typeof sent !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(sent)) {
    throw badRequest(`${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 printable ASCII characters.`);
  }
  return sent;
}

/**
 * Makes every route declared `config.paid` idempotent per user and `Idempotency-Key`: the first call claims the
 * key, its answer is stored, and a repeat with the same key and body (a multipart upload's every field and file)
 * gets that answer (marked `Idempotent-Replayed: true`) without running again; a first answer of 202 (work still
 * running) is answered as the work stands now. A repeat while the first call still runs waits for its answer (`repeatWaitMs`), then answers 409;
 * the same key with another body answers 409 and runs nothing. Calls without the header run as before.
 */
export function registerIdempotency(app: FastifyInstance, deps: IdempotencyDeps) {
  const paidRoutes: Array<{ method: string; url: string }> = [];
  app.decorate('paidRoutes', paidRoutes);
  app.decorateRequest('idempotency', null);

  app.addHook('onRoute', (route) => {
    const config = route.config as { paid?: boolean; auth?: string } | undefined;
    if (!config?.paid) return;
    const methods = [route.method].flat();
    // A key is kept per user, and only a POST is a new action: anything else would replay the wrong answers.
    if (methods.some((m) => m !== 'POST') || (config.auth !== 'user' && config.auth !== 'admin')) {
      throw new Error(`Paid route ${methods.join(',')} ${route.url} must be a POST for a signed-in user (config.auth: 'user' | 'admin')`);
    }
    // A multipart body is read by the handler unless read before: the digest would miss the upload.
    const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
    if (consumes.includes('multipart/form-data') && ![route.preValidation ?? []].flat().includes(readMultipartBody)) {
      throw new Error(`Paid route POST ${route.url} takes multipart/form-data: read it with preValidation: readMultipartBody, so its Idempotency-Key covers the upload`);
    }
    paidRoutes.push({ method: 'POST', url: route.url });
  });

  // After validation, so a refused body claims nothing; before the handler, so a repeat runs nothing.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.paid || !request.auth) return;
    const key = keyOf(request);
    if (key === null) return;
    const claim: Claim = { userId: request.auth.user.id, key, requestHash: await requestHash(request) };
    const claimKey = () => {
      const now = deps.clock.now();
      return deps.store.claim(claim, now, {
        expiredBefore: new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS),
        abandonedBefore: new Date(now.getTime() - deps.abandonedAfterMs),
      });
    };
    let stored = await claimKey();
    // A repeat while the first call runs waits for its answer (a retry after a dropped connection gets the answer).
    for (const until = Date.now() + (deps.repeatWaitMs ?? 0); stored?.statusCode === null && stored.requestHash === claim.requestHash && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, REPEAT_POLL_MS));
      stored = await claimKey();
    }
    if (stored === null) {
      request.idempotency = claim;
      return;
    }
    if (stored.requestHash !== claim.requestHash) {
      throw conflict(`This ${IDEMPOTENCY_KEY_HEADER} was used for a different request. Send a new key for a new action.`);
    }
    if (stored.statusCode === null) {
      // `in_progress` lets a client that sent the key twice wait for the first call's answer instead.
      throw conflict(`A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed. Wait for its answer.`, { in_progress: true });
    }
    // Work that went on after the first answer (202) answers as it stands now.
    const current = stored.statusCode === 202 && deps.replay ? await deps.replay(claim.userId, stored) : null;
    const answer = current ?? { statusCode: stored.statusCode, response: stored.response };
    reply.code(answer.statusCode).header('idempotent-replayed', 'true').type('application/json; charset=utf-8');
    return reply.send(JSON.stringify(answer.response));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    await settle(claim, reply.statusCode, payload, request.log);
    return payload;
  });

  /**
   * Successful answers are kept and replayed. Failed ones (4xx, 5xx) free the key instead: every paid route
   * releases its hold when it fails, so a failure charged nothing and running the key again is safe, and it is
   * what the user wants after topping up (402), fixing the input, or a provider outage. Replaying a failure would
   * only be right for one that had already spent something, and none does.
   */
  async function settle(claim: Claim, statusCode: number, payload: unknown, log: FastifyBaseLogger) {
    try {
      const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      if (statusCode < 400 && text !== null) await deps.store.finish(claim, statusCode, JSON.parse(text));
      else await deps.store.release(claim);
    } catch (err) {
      // The answer still goes out; the key stays marked running until it counts as abandoned.
      log.error({ err, key: claim.key }, 'could not store the answer of an idempotency key');
    }
  }
}
