/**
 * Durable generations on the browser's side (issue 24). A paid tool call that does not finish within the server's wait
 * answers 202 with `generationAccepted`; `postGeneration` then follows GET /api/generations/:id to the end, so a tool
 * gets its own 200 data back (or the error its box shows) whichever way the server answered. Every paid AI call of the
 * tools goes through `postGeneration` (mockups stay a job of their own).
 */
import { ERROR_STATUS, type ErrorCode } from '../../contract/errors.ts';
import {
  GENERATION_MESSAGES,
  generationAccepted,
  generationList,
  generationStatus,
  type GenerationAccepted,
  type GenerationFailure,
  type GenerationStatus,
} from '../../contract/generations.ts';
import { api, ApiError, apiRequestWithStatus, parseAnswer } from './api.ts';
import { announceGenerations } from './generation-registry.ts';

/**
 * How often a running generation is read (pollMs), the longest wait between tries while the network or the server is
 * away (maxRetryMs), and how often the shell re-reads a non-empty active list (listMs). Tests shorten them.
 */
export const generationTiming = { pollMs: 1500, maxRetryMs: 15_000, listMs: 3000 };

export const GENERATION_CANCELLED = 'GENERATION_CANCELLED';
const UNEXPECTED = 'Generation failed: the server answered in an unexpected shape';

/** The error of a failed generation, as its synchronous failure reads: status by code, the class and tip in details. */
export function generationFailedError(failure: GenerationFailure | null): ApiError {
  const code = failure?.code ?? 'INTERNAL';
  const status = Object.hasOwn(ERROR_STATUS, code) ? ERROR_STATUS[code as ErrorCode] : 500;
  const details: Record<string, unknown> = {};
  if (failure?.error_class) details.error_class = failure.error_class;
  if (failure?.tip) details.tip = failure.tip;
  return new ApiError(status, code, failure?.message, details);
}

export const generationCancelledError = () => new ApiError(409, GENERATION_CANCELLED, GENERATION_MESSAGES.cancelled);
export const isGenerationCancelled = (error: unknown): error is ApiError => error instanceof ApiError && error.code === GENERATION_CANCELLED;

/** A lost connection, a restarting server or a busy one: reading the status again later may well work. */
const RETRIED_STATUSES = new Set([0, 429, 502, 503, 504]);
const worthRetrying = (error: unknown) =>
  error instanceof ApiError && (RETRIED_STATUSES.has(error.status) || (error.code === 'NON_JSON' && error.status >= 500));

export type RunPhase = 'starting' | 'queued' | 'processing';

/** What a page shows of its running call: the generation's id once a 202 gave it, its phase and progress. */
export interface RunSnapshot {
  id: string | null;
  phase: RunPhase;
  /** 0-100 when the engine reports it. */
  progress: number | null;
  startedAt: number;
}

/** One paid call on its way: what it knows so far, and the waits between status reads (which a cancel cuts short). */
export interface GenerationRun {
  readonly snapshot: RunSnapshot;
  /** True once the generation's end (completed, failed or cancelled) was read. */
  readonly ended: boolean;
  accepted(answer: GenerationAccepted): void;
  observed(status: GenerationStatus): void;
  wait(ms: number): Promise<void>;
  /** Ends the current wait at once: read the status now. */
  wake(): void;
}

export function createGenerationRun(onChange?: (snapshot: RunSnapshot) => void): GenerationRun {
  let snapshot: RunSnapshot = { id: null, phase: 'starting', progress: null, startedAt: Date.now() };
  let ended = false;
  let wakeUp: (() => void) | null = null;
  /** A wake that came during a status read: the next wait ends at once. */
  let woken = false;
  const update = (change: Partial<RunSnapshot>) => {
    snapshot = { ...snapshot, ...change };
    onChange?.(snapshot);
  };
  return {
    get snapshot() {
      return snapshot;
    },
    get ended() {
      return ended;
    },
    accepted: (answer) => update({ id: answer.generation_id, phase: answer.status }),
    observed: (status) => {
      if (status.status === 'queued' || status.status === 'processing') update({ id: status.generation_id, phase: status.status, progress: status.progress });
      else ended = true;
    },
    wait: (ms) =>
      new Promise<void>((resolve) => {
        if (woken) {
          woken = false;
          resolve();
          return;
        }
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wakeUp = null;
          resolve();
        }
        wakeUp = done;
      }),
    wake: () => {
      if (wakeUp) wakeUp();
      else woken = true;
    },
  };
}

/** GET /api/generations/:id */
export async function fetchGeneration(id: string): Promise<GenerationStatus> {
  return parseAnswer(generationStatus, await api.get<unknown>(`/generations/${encodeURIComponent(id)}`), UNEXPECTED);
}

/** GET /api/generations?active=true: the user's queued and running generations. */
export async function fetchActiveGenerations(): Promise<GenerationStatus[]> {
  return parseAnswer(generationList, await api.get<unknown>('/generations', { query: { active: 'true' } }), UNEXPECTED).generations;
}

/** POST /api/generations/:id/cancel: stops it and releases its hold (409 once it has finished). */
export async function cancelGeneration(id: string): Promise<GenerationStatus> {
  return parseAnswer(generationStatus, await api.post<unknown>(`/generations/${encodeURIComponent(id)}/cancel`), UNEXPECTED);
}

/**
 * Reads the generation about every 1.5 s until it ends: its result (the tool's 200 data), or the error of its failure
 * or cancellation. A lost connection or a server away is retried with growing waits (up to maxRetryMs), never given up
 * on: the generation lives on the server, and Cancel stays possible.
 */
export async function followGeneration(id: string, run: GenerationRun = createGenerationRun()): Promise<Record<string, unknown>> {
  let failures = 0;
  for (;;) {
    let status: GenerationStatus;
    try {
      status = await fetchGeneration(id);
    } catch (error) {
      if (!worthRetrying(error)) throw error;
      failures += 1;
      await run.wait(Math.min(generationTiming.pollMs * 2 ** failures, generationTiming.maxRetryMs));
      continue;
    }
    failures = 0;
    run.observed(status);
    if (status.status === 'completed') return status.result ?? {};
    if (status.status === 'failed') throw generationFailedError(status.error);
    if (status.status === 'cancelled') throw generationCancelledError();
    await run.wait(generationTiming.pollMs);
  }
}

/**
 * A paid tool call (POST with its Idempotency-Key): the 200 data as it came, or, after a 202, the generation's result
 * once it completes. The caller validates either with its tool's response schema.
 */
export async function postGeneration(path: string, body: unknown, options: { idempotencyKey?: string; run?: GenerationRun } = {}): Promise<unknown> {
  const run = options.run ?? createGenerationRun();
  let answer: { status: number; data: unknown };
  try {
    answer = await apiRequestWithStatus<unknown>(path, { method: 'POST', body, idempotencyKey: options.idempotencyKey });
  } catch (error) {
    // The answer was lost, maybe not the work: the shell's panel shows the generation if the server runs it.
    if (error instanceof ApiError && error.status === 0) announceGenerations();
    throw error;
  }
  if (answer.status !== 202) return answer.data;
  const accepted = parseAnswer(generationAccepted, answer.data, UNEXPECTED);
  run.accepted(accepted);
  announceGenerations();
  return followGeneration(accepted.generation_id, run);
}
