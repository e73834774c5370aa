/**
 * One process of the real server (`node --import tsx server/main.ts`) as a child, with the settings the end-to-end
 * runs give it: the single server of e2e/server.ts and each process of the scale-out cluster start here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The built web app the server serves: E2E_WEB_ROOT (one build per person when several test at once) or dist/web. */
export function webRoot(): string {
  const dir = process.env.E2E_WEB_ROOT ?? path.join(root, 'dist', 'web');
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`The web app is not built in ${dir}: run \`npm run build\` first (npm run test:e2e does).`);
  }
  return dir;
}

/** Settings every end-to-end server gets before the test's own (which win). */
export function baseSettings(): Record<string, string> {
  return {
    APP_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_ROOT: webRoot(),
    // One browser signs in many times from one address in a run.
    RATE_LIMIT_MAGIC_LINK_PER_IP: '1000',
    RATE_LIMIT_MAGIC_LINK_PER_EMAIL: '100',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
  };
}

export interface AppProcess {
  readonly child: ChildProcess;
  /** What it printed so far, for failure messages. */
  output(): string;
  /** Resolves when it printed a line containing `text`; rejects when it exits first or after `ms`. */
  waitForOutput(text: string, ms?: number): Promise<void>;
  /** Resolves when GET `url`/api/health answers 200; rejects when it exits first or after `ms`. */
  waitHealthy(url: string, ms?: number): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** SIGKILL at once, as a crash or an OOM kill would end it. */
  kill(): Promise<void>;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Starts `node --import tsx server/main.ts` with exactly these settings (plus PATH and HOME). */
export function spawnApp(env: Record<string, string>, name = 'server'): AppProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const ended = new Promise<void>((resolve) => {
    if (exited(child)) resolve();
    child.once('exit', () => resolve());
  });
  const poll = async (ready: () => Promise<boolean>, what: string, ms: number) => {
    const deadline = Date.now() + ms;
    for (;;) {
      if (exited(child)) throw new Error(`${name} exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
      if (await ready()) return;
      if (Date.now() > deadline) throw new Error(`${name} did not ${what} within ${ms / 1000} s:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const end = async (signal: NodeJS.Signals) => {
    if (exited(child)) return;
    child.kill(signal);
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await ended;
    clearTimeout(force);
  };
  return {
    child,
    output: () => output,
    waitForOutput: (text, ms = 60_000) => poll(async () => output.includes(text), `print "${text}"`, ms),
    waitHealthy: (url, ms = 60_000) =>
      poll(
        async () => {
          try {
            return (await fetch(`${url}/api/health`)).ok;
          } catch {
            return false;
          }
        },
        'answer /api/health',
        ms,
      ),
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
