import type { Clock } from '../../lib/clock.ts';
import type { ObjectPage, ObjectStorage } from '../../providers/storage/storage.ts';
import { streamToBuffer } from './byte-range.ts';

/** Queued generations' requests (see putInput). */
const INPUTS_PREFIX = 'inputs/';
const inputKey = (generationId: string) => `${INPUTS_PREFIX}${generationId}.json`;

/**
 * A queued generation's request (its images inline), kept under `inputs/` until the generation settles: the worker
 * that runs it reads it from here, in whichever process. Never in a gallery, never served.
 */
export function createGenerationInputs(deps: { storage: ObjectStorage; clock: Clock }) {
  const { storage, clock } = deps;
  return {
    async putInput(generationId: string, data: Buffer): Promise<void> {
      await storage.put(inputKey(generationId), data, 'application/json');
    },

    async readInput(generationId: string): Promise<Buffer | null> {
      const object = await storage.get(inputKey(generationId));
      return object ? streamToBuffer(object.stream) : null;
    },

    async dropInput(generationId: string): Promise<void> {
      await storage.delete(inputKey(generationId)).catch(() => {});
    },

    /** Removes inputs older than `graceMs` (no generation lives that long: what a killed process left). */
    async reconcileInputs(graceMs: number): Promise<number> {
      const cutoff = clock.now().getTime() - graceMs;
      let removed = 0;
      let cursor: string | null = null;
      do {
        const page: ObjectPage = await storage.list({ prefix: INPUTS_PREFIX, cursor, limit: 1000 });
        for (const object of page.objects) {
          if (object.lastModified.getTime() >= cutoff) continue;
          await storage.delete(object.key);
          removed++;
        }
        cursor = page.cursor;
      } while (cursor);
      return removed;
    },

  };
}
