import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** Resolves when the database answers a query; throws the driver's error when it does not. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
