import { expect } from 'vitest';
import type { AiErrorClass } from '../../../contract/ai.ts';
import { ProviderError } from '../../providers/ai/types.ts';

/** Awaits a call that must fail, checks it failed with a ProviderError of this class and provider, returns it. */
export async function expectProviderError(call: Promise<unknown>, errorClass: AiErrorClass, provider: string): Promise<ProviderError> {
  const outcome = await call.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected a ProviderError (${errorClass}), the call succeeded`);
  expect(outcome.error).toBeInstanceOf(ProviderError);
  const error = outcome.error as ProviderError;
  expect({ errorClass: error.errorClass, provider: error.provider, message: error.message }).toMatchObject({ errorClass, provider });
  expect(error.message.length).toBeGreaterThan(10);
  return error;
}
