import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../db/client.ts';

/**
 * Which database the API suite runs on: the vitest project sets TEST_DB=postgres (with
 * TEST_DATABASE_URL) for the PostgreSQL run; otherwise a fresh in-memory PGlite.
 */
export const testDbKind = (): 'postgres' | 'pglite' => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/**
 * A fresh, migrated database for one test app: a new in-memory PGlite, or a new PostgreSQL database. Migrated once,
 * copied per test: PGlite starts from a migrated data folder (a tarball, which also skips initdb, the larger part of
 * a new PGlite's start), PostgreSQL copies a migrated template database (CREATE DATABASE ... TEMPLATE).
 */
export async function createTestDatabase(): Promise<Database> {
  if (testDbKind() === 'pglite') return openDatabase({ loadDataDir: await migratedPgliteFolder() });
  const copy = await postgresDatabase('ampkit_t', await migratedTemplate());
  const database = await openDatabase({ url: copy.url, poolSize: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await copy.drop();
    },
  };
}

const migrationsFolder = fileURLToPath(new URL('../db/migrations/', import.meta.url));
const cacheFolder = fileURLToPath(new URL('../../node_modules/.cache/ampkit-test-db/', import.meta.url));

/**
 * Names the migrated copies after what they hold: the migrations (every file's name and content) and, for PGlite,
 * its version (its data folder format). A changed migration makes new copies; a stale one is never used.
 */
function migrationsKey(extra = ''): string {
  const hash = createHash('sha256').update(extra);
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

let pgliteFolder: Promise<string> | null = null;

/**
 * The migrated PGlite data folder as a dumpDataDir() tarball (a plain tar of the folder), made once (by whichever
 * test process needs it first) under node_modules/.cache and read by the rest; written to a temporary name and
 * renamed, so no process reads half a file. Answers the tarball's path: the API tests load it into an in-memory
 * PGlite, the end-to-end servers (e2e/server.ts) unpack it into their DATA_DIR/db.
 */
export function migratedPgliteTarball(): Promise<string> {
  return (pgliteFolder ??= (async () => {
    const pglitePackage = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
    const { version } = JSON.parse(fs.readFileSync(pglitePackage, 'utf8')) as { version: string };
    const file = path.join(cacheFolder, `pglite-${migrationsKey(version)}.tar`);
    if (!fs.existsSync(file)) {
      const database = await openDatabase({});
      try {
        await migrateDatabase(database);
        if (database.kind !== 'pglite') throw new Error('expected PGlite');
        const tarball = await database.pglite.dumpDataDir('none');
        fs.mkdirSync(cacheFolder, { recursive: true });
        const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
        fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
        fs.renameSync(partial, file);
      } finally {
        await database.close();
      }
    }
    return file;
  })());
}

/**
 * Puts the migrated PGlite data folder where a server started with DATA_DIR=`dataDir` keeps its embedded database
 * (DATA_DIR/db, server/config.ts), so that it skips initdb (seconds) and the migrations; the server still migrates,
 * finding nothing to do, and seeds as on any start.
 */
export async function unpackMigratedPglite(dataDir: string): Promise<void> {
  const dbDir = path.join(dataDir, 'db');
  fs.mkdirSync(dbDir);
  await promisify(execFile)('tar', ['-xf', await migratedPgliteTarball(), '-C', dbDir]);
}

let pgliteBlob: Promise<Blob> | null = null;

/** The migrated PGlite data folder, read once per test process. */
function migratedPgliteFolder(): Promise<Blob> {
  return (pgliteBlob ??= migratedPgliteTarball().then((file) => new Blob([fs.readFileSync(file)])));
}

let template: Promise<string> | null = null;

/**
 * The migrated template database on the TEST_DATABASE_URL server, made once (by whichever test process needs it
 * first): migrated under a temporary name, then renamed, so no process copies a half-migrated one. Nothing stays
 * connected to it, as CREATE DATABASE ... TEMPLATE requires.
 */
function migratedTemplate(): Promise<string> {
  return (template ??= (async () => {
    const name = `ampkit_tpl_${migrationsKey()}`;
    const adminUrl = testDatabaseUrl();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return name;
      const fresh = await postgresDatabase(`${name}_new`);
      const database = await openDatabase({ url: fresh.url, poolSize: 1 });
      try {
        await migrateDatabase(database);
      } finally {
        await database.close();
      }
      try {
        await admin.query(`ALTER DATABASE ${fresh.name} RENAME TO ${name}`);
      } catch (err) {
        // Another test process made it first (42P04, duplicate database): use theirs.
        if ((err as { code?: string }).code !== '42P04') throw err;
        await fresh.drop();
      }
      return name;
    } finally {
      await admin.end();
    }
  })());
}

function testDatabaseUrl(): string {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return adminUrl;
}

/**
 * A new, empty PostgreSQL database (not migrated) on the TEST_DATABASE_URL server, named after `prefix`; `drop()`
 * removes it once the caller's connections are closed.
 */
export async function emptyPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { url, drop } = await postgresDatabase(prefix);
  return { url, drop };
}

/** A new database named after `prefix`: empty, or a copy of the database `template`. */
async function postgresDatabase(prefix: string, template?: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const adminUrl = testDatabaseUrl();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropDatabase(adminUrl, name) };
}

/**
 * Drops a test database once our pool is closed. A plain DROP stops an autovacuum worker by itself, while
 * WITH (FORCE) would refuse to (a non-superuser may not signal it): so plain first, and FORCE only for a
 * straggling connection of ours (55006, "being accessed by other users").
 */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (err) {
        if (attempt >= 5) throw err;
        if ((err as { code?: string }).code === '55006') {
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  } finally {
    await client.end();
  }
}
