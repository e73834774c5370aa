/**
 * The app as `npm start` runs it, for the benchmarks that measure it whole (profile.ts, batch.ts): `node --import tsx
 * server/main.ts` in its own process on a free port, with a fresh install's settings (the build aside: these measure
 * no page), a local SMTP server for the sign-in links, and a per-address limit high enough for a load client's one
 * address. `signIn` signs in as a person does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SESSION_COOKIE } from '../../contract/constants.ts';
import { freePort } from '../../server/test-support/free-port.ts';
import { startSmtpServer, type TestSmtpServer } from '../../server/test-support/smtp.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = path.join(ROOT, 'server', 'main.ts');

export interface AppProcess {
  base: string;
  pid: number;
  /** DATA_DIR (PGlite's files under db/ when no DATABASE_URL): removed by `stop` unless `keepData` was asked. */
  dataDir: string;
  smtp: TestSmtpServer;
  stop(): Promise<void>;
}

export interface AppProcessOptions {
  /** Names the data folder and the CPU profile (`<cpuProfDir>/<name>.cpuprofile`). */
  name: string;
  /** PostgreSQL; PGlite in DATA_DIR without it. */
  url?: string;
  /** More settings (ROLE, BATCH_CONCURRENCY_PER_USER, …). */
  env?: Record<string, string>;
  /** A folder for a V8 CPU profile of the app, written when it stops (open it in Chrome's DevTools). */
  cpuProfDir?: string;
  /** Leave DATA_DIR for the caller (to read the database after the app stopped) instead of removing it on stop. */
  keepData?: boolean;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Polls GET /api/health until it answers 200; fails when the process ends first or after two minutes. */
async function waitHealthy(child: ChildProcess, base: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited(child)) throw new Error(`server/main.ts exited (${child.exitCode ?? child.signalCode}) before it answered /api/health`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error('server/main.ts did not answer /api/health within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Starts the app and waits until it answers /api/health. */
export async function startAppProcess(options: AppProcessOptions): Promise<AppProcess> {
  const smtp = await startSmtpServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ampkit-bench-${options.name}-`));
  const port = await freePort();
  const cpuProf = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`, `--cpu-prof-name=${options.name}.cpuprofile`] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...cpuProf, MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      APP_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(options.url ? { DATABASE_URL: options.url } : {}),
      SMTP_URL: smtp.url,
      // A load client calls from one address: the per-IP limit would answer 429.
      RATE_LIMIT_GLOBAL_PER_MINUTE: '100000000',
      ...options.env,
    },
    // The app logs as in production; the log is not what is measured.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (!exited(child)) {
      const ended = once(child, 'exit');
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await ended;
      clearTimeout(force);
    }
    await smtp.close();
    if (!options.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(child, base);
  } catch (err) {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return { base, pid: child.pid!, dataDir, smtp, stop };
}

/** Signs in as a person does: asks for a link, takes it from the mail, uses it; answers the session cookie and CSRF token. */
export async function signIn(app: Pick<AppProcess, 'base' | 'smtp'>, email: string): Promise<{ cookie: string; csrf: string }> {
  const json = { method: 'POST', headers: { 'content-type': 'application/json' } };
  const asked = await fetch(`${app.base}/api/auth/magic-link`, { ...json, body: JSON.stringify({ email }) });
  if (!asked.ok) throw new Error(`magic-link: ${asked.status} ${await asked.text()}`);
  const { token } = await app.smtp.magicLinkFor(email, { consume: true });
  const used = await fetch(`${app.base}/api/auth/verify-magic`, { ...json, body: JSON.stringify({ token }) });
  if (!used.ok) throw new Error(`verify-magic: ${used.status} ${await used.text()}`);
  const cookie = used.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('verify-magic set no session cookie');
  const { data } = (await used.json()) as { data: { csrf_token: string } };
  return { cookie: cookie.split(';')[0]!, csrf: data.csrf_token };
}
