import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../../contract/errors.ts';

/** What the tests read of an answer: inject()'s response has these. */
interface Answer {
  statusCode: number;
  body: string;
}

const errorCodes = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The failure envelope: a known code, a message, and the extra fields some errors carry (required_credits on a 402). */
export const errorBody = z.looseObject({ code: z.enum(errorCodes), message: z.string() });
export type TestErrorBody = z.infer<typeof errorBody>;

function parseBody(res: Answer): unknown {
  try {
    return JSON.parse(res.body);
  } catch {
    throw new Error(`expected a JSON envelope, got ${res.statusCode}: ${res.body.slice(0, 500)}`);
  }
}

/**
 * The `data` of a success envelope, parsed with the contract's schema: a test reads typed fields, and an answer
 * that does not match the contract fails the test with the body, not later with `undefined`.
 */
export function data<S extends z.ZodType>(res: Answer, schema: S): z.infer<S> {
  const envelope = z.object({ success: z.literal(true), data: z.unknown() }).safeParse(parseBody(res));
  if (!envelope.success) throw new Error(`expected a success envelope, got ${res.statusCode}: ${res.body.slice(0, 2000)}`);
  const parsed = schema.safeParse(envelope.data.data);
  if (!parsed.success) {
    throw new Error(`answer ${res.statusCode} does not match the schema: ${z.prettifyError(parsed.error)}\nbody: ${res.body.slice(0, 2000)}`);
  }
  return parsed.data;
}

/** The `error` of a failure envelope (code, message and any extra fields). */
export function error(res: Answer): TestErrorBody {
  const envelope = z.object({ success: z.literal(false), error: errorBody }).safeParse(parseBody(res));
  if (!envelope.success) {
    throw new Error(`answer ${res.statusCode} is not an error envelope: ${z.prettifyError(envelope.error)}\nbody: ${res.body.slice(0, 2000)}`);
  }
  return envelope.data.error;
}
