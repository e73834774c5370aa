import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { migrateDatabase, openDatabase, type Database } from '../../db/client.ts';
import { files, generations } from '../../db/schema/index.ts';
import { manualClock } from '../../lib/clock.ts';
import { createServices, jobDefinitions } from '../../services.ts';
import { createTestDatabase, testDbKind, unpackMigratedPglite } from '../../test-support/database.ts';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-support', 'work-then-die.ts');
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Runs the burst in a child process and SIGKILLs it once both of its writes are stuck half-way; answers what it printed. */
function runAndKill(dataDir: string, databaseUrl?: string): Promise<{ userId: string; blocked: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir, databaseUrl ?? ''], { stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(() => void child.kill('SIGKILL'));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    // A guard against a hang, not a measure of speed: the child imports the whole server under a loaded CI.
    const timer = setTimeout(() => reject(new Error(`child did not reach its kill points: ${out} ${err}`)), 120_000);
    child.stderr!.on('data', (c) => (err += c));
    child.stdout!.on('data', (c) => {
      out += c;
      const blocked = [...out.matchAll(/^blocked (.+)$/gm)].map((m) => m[1]!);
      const userId = /^user (\S+)$/m.exec(out)?.[1];
      if (blocked.length === 2 && userId) {
        clearTimeout(timer);
        child.kill('SIGKILL');
        child.once('exit', () => resolve({ userId, blocked }));
      }
    });
    child.once('exit', (code, signal) => signal !== 'SIGKILL' && reject(new Error(`child exited with ${code}: ${err}`)));
  });
}

/** Every key under the prefixes files live in, as the local store holds them. */
function storedKeys(filesDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else out.push(path.relative(filesDir, full).split(path.sep).join('/'));
    }
  };
  walk(filesDir);
  return out.sort();
}

describe('a worker killed mid-job (SIGKILL)', () => {
  it('leaves storage and the files table in agreement once the sweep and the reconciliation have run', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let database: Database | undefined;
    let url: string | undefined;
    if (testDbKind() === 'postgres') {
      database = await createTestDatabase();
      cleanups.push(() => database!.close());
      url = database.kind === 'postgres' ? database.url : undefined;
    } else {
      // The child opens its embedded database from the migrated copy, as the end-to-end servers do (no initdb).
      await unpackMigratedPglite(dataDir);
    }
    const { userId, blocked } = await runAndKill(dataDir, url);

    // The PGlite folder is free the moment the child died; PostgreSQL was shared all along.
    if (!database) {
      const opened = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      cleanups.push(() => opened.close());
      await migrateDatabase(opened);
      database = opened;
    }
    const config = loadConfig({ APP_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' });
    const clock = manualClock();
    const log = pino({ level: 'silent' });
    const services = createServices({ config, database, clock, log });
    const db = database.db;
    const rowKeys = async () => {
      const rows = await db.select().from(files).where(eq(files.userId, userId));
      return rows.flatMap((r) => [r.storageKey, ...(r.thumbnailKey ? [r.thumbnailKey] : [])]).sort();
    };

    // What the kill left: a half-written temp file and a complete object, neither with a row.
    const before = storedKeys(config.filesDir);
    expect(blocked[0]).toMatch(/\.tmp$/);
    expect(fs.statSync(blocked[0]!).size).toBeGreaterThan(0);
    expect(before).toContain(path.relative(config.filesDir, blocked[0]!).split(path.sep).join('/'));
    expect(before).toContain(blocked[1]);
    // Every row already has its objects: rows are recorded only after their objects are written.
    for (const key of await rowKeys()) expect(before).toContain(key);
    // Nothing uncharged is in the gallery: every generated image belongs to a completed generation.
    const gens = await db.select().from(generations).where(eq(generations.userId, userId));
    const paidFor = new Set(gens.filter((g) => g.status === 'completed').flatMap((g) => g.outputFileIds));
    const generated = await db.select().from(files).where(eq(files.userId, userId));
    for (const f of generated.filter((r) => r.entityType === 'generated_image')) expect(paidFor.has(f.id)).toBe(true);

    // Within the grace period, reconciliation touches nothing: the work might still be running.
    expect((await services.files.reconcileStorage(60 * 60_000)).removed).toBe(0);
    expect(storedKeys(config.filesDir)).toEqual(before);

    // Later: the sweep closes the dead generations and their holds; the hourly job removes the leftovers.
    clock.advance(2 * 60 * 60_000);
    const jobs = jobDefinitions(services, log);
    await jobs.find((j) => j.name === 'credits.release-expired-holds')!.handle({}, { id: 'sweep', retryCount: 0 });
    const reconciled = (await jobs.find((j) => j.name === 'files.reconcile-storage')!.handle({}, { id: 'reconcile', retryCount: 0 })) as { removed: number };
    expect(reconciled.removed).toBeGreaterThanOrEqual(2);

    // Every object under files/ and thumbs/ has its row. A queued generation's request (inputs/) goes with its
    // generation (settled, or closed by the sweep); only what a put cut short by the kill left stays, for a day.
    const isInput = (key: string) => key.startsWith('inputs/');
    expect(storedKeys(config.filesDir).filter((key) => !isInput(key))).toEqual(await rowKeys());
    expect(storedKeys(config.filesDir).filter(isInput).every((key) => key.endsWith('.tmp'))).toBe(true);
    const open = await db.select().from(generations).where(inArray(generations.status, ['pending', 'processing']));
    expect(open).toEqual([]);
    // A day later the hourly job has removed those too: storage holds exactly what the rows name.
    clock.advance(24 * 60 * 60_000);
    await jobs.find((j) => j.name === 'files.reconcile-storage')!.handle({}, { id: 'reconcile-next-day', retryCount: 0 });
    expect(storedKeys(config.filesDir)).toEqual(await rowKeys());
    const audit = await services.credits.audit(userId);
    expect(audit).toMatchObject({ held: '0.0000', openHolds: '0.0000' });
    expect(audit.ledgerSum).toBe(audit.balance);
  }, 180_000);
});
