import { AI_ERROR_COPY } from '../../../contract/ai.ts';
import { AppError } from '../../lib/errors.ts';
import { ProviderError, type ProviderCost, type ProviderFix } from '../../providers/ai/types.ts';

/** Turns a provider failure into the error the browser shows: the row of its class in AI_ERROR_COPY (spec 2 §8). */
export function providerFailure(err: ProviderError): AppError {
  const row = AI_ERROR_COPY[err.errorClass];
  // An unclassified failure says what the provider said: the class's headline alone would tell the user nothing.
  const detail = err.errorClass === 'unknown' && err.message ? `Generation failed: ${err.message}` : row.headline;
  // A rate limit whose provider said how long to wait: the tip says that wait, not "a minute".
  const wait = err.errorClass === 'rate_limit' && err.retryAfterSeconds !== undefined ? Math.max(1, Math.ceil(err.retryAfterSeconds)) : undefined;
  const tip = wait !== undefined ? `Wait ${wait} second${wait === 1 ? '' : 's'} and try again. Nothing was charged for this attempt.` : row.tip;
  return new AppError(row.code, detail, { error_class: err.errorClass, tip, provider: err.provider, ...(wait !== undefined ? { retry_after: wait } : {}) });
}

/** How a generation failed: the class recorded on its row, the error the user gets, and whether anyone foresaw it. */
export interface Failure {
  errorClass: string;
  error: AppError;
  /** False for a bug or an outage of our own: it is logged, and the user gets the 'server' row, not its text. */
  expected: boolean;
}

/** Sorts any thrown value into a Failure: a provider's by its class, ours (402, 404, 409, …) as it is, the rest as 'server'. */
export function classifyFailure(err: unknown): Failure {
  if (err instanceof ProviderError) return { errorClass: err.errorClass, error: providerFailure(err), expected: true };
  if (err instanceof AppError) return { errorClass: err.code.toLowerCase(), error: err, expected: true };
  const row = AI_ERROR_COPY.server;
  return { errorClass: 'server', error: new AppError(row.code, row.headline, { error_class: 'server', tip: row.tip }), expected: false };
}

/** A failed generation's recorded message: the raw one, or with `shown` (a status route shows it) what the user may read. */
export function failedMessage(err: unknown, failure: Failure, shown?: string): string {
  if (shown === undefined) return (err instanceof Error ? err.message : String(err)).slice(0, 500);
  return err instanceof ProviderError ? failure.error.message : shown;
}

/** The operator's line for a fix: 'set GEMINI_IMAGE_MODEL (now gemini-2.5-flash-image): the model is retired or unknown'. */
export function describeFix(fix: ProviderFix): string {
  return `set ${fix.setting}${fix.model ? ` (now ${fix.model})` : ''}: ${fix.reason}`;
}

/** A completed generation's cost columns: the provider's real cost and usage where it reported them. */
export function costColumns(cost: ProviderCost | undefined): { providerCostUsd?: string; providerUsage?: Record<string, number> } {
  if (!cost) return {};
  return {
    ...(cost.costUsd !== undefined && Number.isFinite(cost.costUsd) && cost.costUsd >= 0 ? { providerCostUsd: cost.costUsd.toFixed(6) } : {}),
    ...(cost.usage && Object.keys(cost.usage).length > 0 ? { providerUsage: cost.usage } : {}),
  };
}
