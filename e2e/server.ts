/**
 * The real server as a child process (built web app, embedded database, SMTP to a local test server), for the
 * end-to-end suite and the Lighthouse benchmark. With E2E_SCALE_OUT=1 the same call starts the scale-out cluster
 * instead (PostgreSQL, S3, two web processes and a worker behind one round-robin address: e2e/scale-out/cluster.ts),
 * so the same specs run against it unchanged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unpackMigratedPglite } from '../server/test-support/database.ts';
import { freePort } from '../server/test-support/free-port.ts';
import { startSmtpServer, type TestSmtpServer } from '../server/test-support/smtp.ts';
import { baseSettings, root, spawnApp } from './app-process.ts';
import { startScaleOut } from './scale-out/cluster.ts';

export { root };

export interface RunningServer {
  url: string;
  smtp: TestSmtpServer;
  dataDir: string;
  /** What the server printed, for failure messages. */
  output(): string;
}

/** Whether startServer starts the scale-out cluster (E2E_SCALE_OUT=1). */
export const scaleOut = ['1', 'true', 'yes'].includes(process.env.E2E_SCALE_OUT ?? '');

/**
 * The tag of the tests that run a second time against the scale-out cluster (E2E_SCALE_OUT=1): those whose behaviour
 * depends on several processes sharing sessions, jobs, files or limits. Each says why beside its tag.
 */
export const CLUSTER = '@cluster';

/** Starts the real server (built web app, embedded database, SMTP to a local test server) as a child process. */
export async function startServer(settings: Record<string, string> = {}): Promise<RunningServer & { stop(): Promise<void> }> {
  if (scaleOut) return startScaleOut(settings);
  const base = baseSettings();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-e2e-'));
  // The embedded database starts migrated: the API tests' migrated PGlite data folder, unpacked into DATA_DIR/db.
  if (!settings.DATABASE_URL) {
    try {
      await unpackMigratedPglite(dataDir);
    } catch (err) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
  }
  const smtp = await startSmtpServer();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawnApp({ ...base, PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, SMTP_URL: smtp.url, ...settings });
  try {
    await server.waitHealthy(url);
  } catch (err) {
    await server.stop();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    smtp,
    dataDir,
    output: server.output,
    async stop() {
      await server.stop();
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
