/**
 * Child process for the crash test: builds the services on a PostgreSQL database (argv[3]) or the embedded one in
 * DATA_DIR (argv[2]), with files on local disk, and starts a burst of real work at once (two morphs, two uploads, a
 * three-style mockup job). Two writes stop where a kill would catch them: one after half of its temp file is
 * written, one after its object is complete but before anything records it. It prints "blocked <path>" for each and
 * waits to be killed (SIGKILL).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pino from 'pino';
import sharp from 'sharp';
import { mockupRequest, morphRequest } from '../../contract/ai.ts';
import { loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { systemClock } from '../lib/clock.ts';
import { GENERATE_JOB } from '../modules/ai/durable.ts';
import { createServices } from '../services.ts';

const [dataDir, databaseUrl] = [process.argv[2]!, process.argv[3] || undefined];
const HALF_WRITTEN_PUT = 3;
const UNRECORDED_PUT = 6;

const config = loadConfig({ APP_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : config.dbDir });
await migrateDatabase(database);
const services = createServices({ config, database, clock: systemClock, log: pino({ level: 'silent' }) });
await services.seed();
const [user] = await database.db.insert(users).values({ email: 'crash@example.com', emailVerifiedAt: new Date() }).returning();
await database.db.transaction((tx) => services.credits.grantSignupBonus(tx, user!.id));
// The jobs run right here, as a worker would run them.
services.jobs.bind({
  send: async (name, data) => {
    const { generationId } = data as { generationId: string };
    const run = name === GENERATE_JOB ? services.ai.generations.runJob(generationId, 0) : services.ai.runMockupJob(generationId, 0);
    void run.catch(() => {});
    return 'inline';
  },
});

const forever = () => new Promise<never>(() => {});
let puts = 0;
let blockNextTmpWrite = false;
const realWriteFile = fs.promises.writeFile;
// A kill in the middle of a write: half of the bytes reach the temp file, then this write never finishes. The write
// caught is a work's output or an upload, as counted below, never a queued generation's request (inputs/).
const isInput = (file: string) => /[\\/]inputs[\\/]/.test(file);
fs.promises.writeFile = (async (file: fs.PathLike, body: Buffer, ...rest: unknown[]) => {
  if (blockNextTmpWrite && String(file).endsWith('.tmp') && !isInput(String(file))) {
    blockNextTmpWrite = false;
    await (realWriteFile as (...a: unknown[]) => Promise<void>)(file, body.subarray(0, Math.floor(body.length / 2)));
    process.stdout.write(`blocked ${file}\n`);
    return forever();
  }
  return (realWriteFile as (...a: unknown[]) => Promise<void>)(file, body, ...rest);
}) as typeof fs.promises.writeFile;
const realPut = services.storage.put.bind(services.storage);
services.storage.put = async (key, body, contentType) => {
  // A queued generation's request is written first; the count is of the work's outputs and uploads.
  if (key.startsWith('inputs/')) return realPut(key, body, contentType);
  const n = ++puts;
  if (n === HALF_WRITTEN_PUT) blockNextTmpWrite = true;
  await realPut(key, body, contentType);
  if (n === UNRECORDED_PUT) {
    process.stdout.write(`blocked ${key}\n`);
    await forever();
  }
};

const png = (w: number, h: number, seed: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: seed * 40, g: 120, b: 200 } } }).png().toBuffer();
const noise = (w: number, h: number) => sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } }).png().toBuffer();
const b64 = (b: Buffer) => b.toString('base64');
const [a, b, big1, big2, art] = await Promise.all([png(320, 240, 1), png(300, 200, 2), noise(700, 700), noise(600, 600), png(400, 300, 3)]);
process.stdout.write(`user ${user!.id}\n`);
const work = [
  services.ai.generations.submit('morph', user!.id, morphRequest.parse({ imageData: b64(a), userPrompt: 'black and white' })),
  services.ai.generations.submit('morph', user!.id, morphRequest.parse({ imageData: b64(b) })),
  services.files.save({ userId: user!.id, data: big1, entityType: 'upload', originalFilename: 'one.png' }),
  services.files.save({ userId: user!.id, data: big2, entityType: 'upload', originalFilename: 'two.png' }),
  services.ai.submitMockup(user!.id, mockupRequest.parse({ toolName: 'mockup-generator', images: [b64(art)], styles: ['poster', 'billboard', 'coffee-mug'] })),
];
for (const w of work) (w as Promise<unknown>).catch((err: unknown) => process.stderr.write(`work failed: ${String(err)}\n`));
setInterval(() => {}, 60_000);
