import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 programs; POSTGRES_BIN_DIR points elsewhere. */
const BIN_DIR = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> (trust on loopback). */
  url: string;
  port: number;
  dataDir: string;
  /** Runs one statement on the cluster's database (a test's check of what the processes left). */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL cluster of its own for a test: `initdb` into a temp folder, `pg_ctl start` on a free loopback port
 * (no fsync: a test's data need not survive a power cut), one database made, and `stop()` removes it all.
 * PostgreSQL refuses to run as root, so as root (CI) the programs run as the `postgres` user (`runuser`) in a
 * folder that user owns.
 */
export async function startPostgresCluster(options: { database?: string } = {}): Promise<PostgresCluster> {
  const database = options.database ?? 'ampkit';
  if (!fs.existsSync(path.join(BIN_DIR, 'initdb'))) {
    throw new Error(`PostgreSQL 15 is not installed in ${BIN_DIR} (apt-get install postgresql-15, or set POSTGRES_BIN_DIR)`);
  }
  const asRoot = process.getuid?.() === 0;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-pg-'));
  // As root: runuser -u postgres -- <program>, in a folder postgres owns.
  const as = async (program: string, args: string[]) => {
    const file = path.join(BIN_DIR, program);
    return asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
  };
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dataDir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pgData = path.join(dataDir, 'data');
  const port = await freePort();
  let started = false;
  const stop = async () => {
    if (started) {
      started = false;
      await as('pg_ctl', ['-D', pgData, '-m', 'fast', '-w', 'stop']).catch(() => {});
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await as('initdb', ['-D', pgData, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const settings = [
      `-p ${port}`,
      "-c listen_addresses='127.0.0.1'",
      `-c unix_socket_directories='${dataDir}'`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    await as('pg_ctl', ['-D', pgData, '-o', settings, '-l', path.join(dataDir, 'postgres.log'), '-w', '-t', '60', 'start']);
    started = true;
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${database}"`);
    } finally {
      await admin.end();
    }
  } catch (err) {
    const log = fs.existsSync(path.join(dataDir, 'postgres.log')) ? fs.readFileSync(path.join(dataDir, 'postgres.log'), 'utf8') : '';
    await stop();
    throw new Error(`could not start a PostgreSQL cluster: ${(err as Error).message}\n${log}`);
  }
  const url = `postgres://postgres@127.0.0.1:${port}/${database}`;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  return {
    url,
    port,
    dataDir: pgData,
    async query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
      return (await pool.query<R>(sql, params)).rows;
    },
    async stop() {
      await pool.end().catch(() => {});
      await stop();
    },
  };
}
