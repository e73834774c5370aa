import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { turnAfterEachCall } from './client.ts';

/** The event loop's turns while `work` ran, counted by an immediate that queues itself again (whatever the machine's speed). */
async function turnsDuring(work: () => Promise<void>): Promise<number> {
  let turns = 0;
  let counting = true;
  const tick = () => {
    if (!counting) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    await work();
  } finally {
    counting = false;
  }
  return turns;
}

describe('PGlite statements and the event loop', () => {
  it('gives the event loop a turn after each statement, block and transaction, with the same answers', async () => {
    const plain = new PGlite();
    const turning = new PGlite();
    turnAfterEachCall(turning);
    try {
      await Promise.all([plain.waitReady, turning.waitReady]);
      await plain.query('SELECT 1');
      await turning.query('SELECT 1');
      const chain = (db: PGlite) => async () => {
        await db.exec('CREATE TABLE IF NOT EXISTS t (n int)');
        for (let i = 0; i < 30; i += 1) await db.query('INSERT INTO t VALUES ($1)', [i]);
        await db.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES (100)');
        });
      };
      // Without it a chain of statements is one block: a timer due meanwhile waits for all of them.
      expect(await turnsDuring(chain(plain))).toBeLessThanOrEqual(1);
      expect(await turnsDuring(chain(turning))).toBeGreaterThanOrEqual(10);
      const sum = 'SELECT count(*)::int AS c, sum(n)::int AS s FROM t';
      expect((await turning.query(sum)).rows).toEqual((await plain.query(sum)).rows);
      await expect(turning.query('SELECT * FROM missing')).rejects.toThrow(/missing/);
      expect((await turning.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await plain.close();
      await turning.close();
    }
  });
});
