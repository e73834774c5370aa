import { z } from 'zod';

/** GET /api/health: the database answered (503 otherwise). */
export const healthResponse = z.object({ status: z.literal('ok'), database: z.string() });
export type HealthResponse = z.infer<typeof healthResponse>;

/** GET /api/config, development host only (404 elsewhere): shown in the footer and the morpher's debug line. */
export const devConfigResponse = z.object({ database: z.string(), environment: z.string() });
export type DevConfig = z.infer<typeof devConfigResponse>;
