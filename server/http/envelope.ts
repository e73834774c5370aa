import { z } from 'zod';

/** `{ success: true, data }`: the one shape every successful answer has. */
export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}

/** Response schema of a successful answer, for route declarations and the OpenAPI document. */
export function okSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}
