/**
 * The app scaled out on one machine, every part started here: its own PostgreSQL 15 cluster, a local S3-compatible
 * server (s3rver) with the bucket made, a test SMTP server, two web processes (ROLE=web), one worker (ROLE=worker)
 * and a round-robin reverse proxy in front of the two web processes on one address (TRUST_PROXY=true behind it).
 * The end-to-end suite runs against it with E2E_SCALE_OUT=1 (e2e/server.ts); e2e/scale-out/*.test.ts drive it
 * directly (each web process on its own address too, the worker killed and replaced).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/test-support/free-port.ts';
import { startLocalS3, type LocalS3 } from '../../server/test-support/local-s3.ts';
import { startPostgresCluster, type PostgresCluster } from '../../server/test-support/postgres-cluster.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../server/test-support/round-robin-proxy.ts';
import { startSmtpServer, type TestSmtpServer } from '../../server/test-support/smtp.ts';
import { baseSettings, spawnApp, type AppProcess } from '../app-process.ts';

/** What the worker prints once its queue runs (server/main.ts, at LOG_LEVEL info). */
const WORKER_READY = 'worker is running';

export interface WebProcess {
  /** Its own address, past the proxy. */
  url: string;
  process: AppProcess;
}

export interface ScaleOutCluster {
  /** The proxy's address: what a browser uses (PUBLIC_URL). */
  url: string;
  smtp: TestSmtpServer;
  /** The first web process's DATA_DIR (each process has its own; with S3 and PostgreSQL none holds shared state). */
  dataDir: string;
  webs: WebProcess[];
  /** The worker running now (startWorker replaces it). */
  worker(): AppProcess;
  database: PostgresCluster;
  s3: LocalS3;
  proxy: RoundRobinProxy;
  /** Starts another worker process (`settings` on top of the workers' own, for it alone) and waits until its queue runs. */
  startWorker(settings?: Record<string, string>): Promise<AppProcess>;
  /** Every process's output, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Settings one kind of process gets on top of the common ones (a test tells the web processes and the worker apart). */
export interface ScaleOutRoles {
  /** Both web processes. */
  web?: Record<string, string>;
  /** Every worker, those startWorker starts later too. */
  worker?: Record<string, string>;
}

/**
 * Starts the cluster with these settings on every process (the test's own win over the defaults, but not over
 * what makes it a cluster: ROLE, PORT, DATABASE_URL, the bucket, PUBLIC_URL, TRUST_PROXY), and `roles`' on the web
 * processes or the workers only.
 */
export async function startScaleOut(settings: Record<string, string> = {}, roles: ScaleOutRoles = {}): Promise<ScaleOutCluster> {
  const stops: Array<() => Promise<void>> = [];
  const processes: Array<{ name: string; process: AppProcess }> = [];
  const output = () => processes.map((p) => `--- ${p.name}\n${p.process.output()}`).join('\n');
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    stops.length = 0;
  };
  try {
    const [database, s3, smtp] = await Promise.all([startPostgresCluster(), startLocalS3(), startSmtpServer()]);
    stops.push(() => database.stop(), () => s3.close(), () => smtp.close());
    const ports = [await freePort(), await freePort()];
    const webUrls = ports.map((p) => `http://127.0.0.1:${p}`);
    const proxy = await startRoundRobinProxy(webUrls);
    stops.push(() => proxy.close());
    const common = {
      ...baseSettings(),
      // A killed worker's job is found within seconds, not the production default's ~45 s (30 s heartbeat, checked
      // every 15 s): the same recovery path, on the shortest heartbeat pg-boss takes.
      JOB_HEARTBEAT_SECONDS: '10',
      JOB_MONITOR_SECONDS: '2',
      ...settings,
      DATABASE_URL: database.url,
      ...s3.settings,
      SMTP_URL: settings.SMTP_URL ?? smtp.url,
      PUBLIC_URL: proxy.url,
      TRUST_PROXY: 'true',
    };
    const dataDir = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-scale-'));
      stops.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
      return dir;
    };
    const dataDirs: string[] = [];
    const spawnPart = (name: string, env: Record<string, string>) => {
      const dir = dataDir();
      dataDirs.push(dir);
      const process = spawnApp({ ...common, ...env, DATA_DIR: dir }, name);
      processes.push({ name, process });
      stops.push(() => process.stop());
      return process;
    };
    let workers = 0;
    let worker: AppProcess | null = null;
    const startWorker = async (own: Record<string, string> = {}) => {
      // At info level the worker says when its queue runs; it serves no HTTP to ask.
      const next = spawnPart(`worker ${++workers}`, { ...roles.worker, ...own, ROLE: 'worker', LOG_LEVEL: 'info' });
      await next.waitForOutput(WORKER_READY, 90_000);
      worker = next;
      return next;
    };
    // All at once, as a deploy that restarts every process would: they migrate and seed the same empty database.
    const webs = ports.map((port, i) => ({ url: webUrls[i]!, process: spawnPart(`web ${i + 1}`, { ...roles.web, ROLE: 'web', PORT: String(port) }) }));
    await Promise.all([...webs.map((w) => w.process.waitHealthy(w.url, 90_000)), startWorker()]);
    return {
      url: proxy.url,
      smtp,
      dataDir: dataDirs[0]!,
      webs,
      worker: () => worker!,
      database,
      s3,
      proxy,
      startWorker,
      output,
      stop: stopAll,
    };
  } catch (err) {
    const printed = output();
    await stopAll();
    throw printed ? new Error(`${(err as Error).message}\n${printed}`) : err;
  }
}
