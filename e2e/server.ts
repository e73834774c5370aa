/**
 * The real server as a child process (built web app, embedded database, SMTP to a local test server), for the
 * end-to-end suite and the Lighthouse benchmark.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpServer, type TestSmtpServer } from '../server/test-support/smtp.ts';

export interface RunningServer {
  url: string;
  smtp: TestSmtpServer;
  dataDir: string;
  /** What the server printed, for failure messages. */
  output(): string;
}

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Starts the real server (built web app, embedded database, SMTP to a local test server) as a child process. */
export async function startServer(settings: Record<string, string> = {}): Promise<RunningServer & { stop(): Promise<void> }> {
  // E2E_WEB_ROOT serves another build (one per person when several test at once); dist/web by default.
  const webRoot = process.env.E2E_WEB_ROOT ?? path.join(root, 'dist', 'web');
  if (!fs.existsSync(path.join(webRoot, 'index.html'))) {
    throw new Error(`The web app is not built in ${webRoot}: run \`npm run build\` first (npm run test:e2e does).`);
  }
  const smtp = await startSmtpServer();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      APP_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      WEB_ROOT: webRoot,
      // One browser signs in many times from one address in a run.
      RATE_LIMIT_MAGIC_LINK_PER_IP: '1000',
      RATE_LIMIT_MAGIC_LINK_PER_EMAIL: '100',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    smtp,
    dataDir,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 10_000);
      });
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
