/**
 * One bare server of the profile benchmark (scripts/bench/profile.ts), run in its own child process so the load
 * generator in the parent does not share its event loop. Forked with a mode and, for PostgreSQL, a database URL;
 * answers the parent over IPC with its port once it listens, and exits when the parent goes. The app itself is not
 * started here: the benchmark runs server/main.ts, the process `npm start` runs. Not a benchmark of its own: run
 * without a mode and an IPC channel (as `npm run bench` would) it does nothing.
 *   hello          bare Fastify, hello world
 *   pg1 <url>      bare Fastify + pg, one `select … from users limit 1` per request
 *   pg3 <url>      the same, three queries one after another
 */
import Fastify from 'fastify';
import pg from 'pg';

export type ServerMode = 'hello' | 'pg1' | 'pg3';
export interface ServerReady {
  port: number;
}

/** The app's own pool size (server/db/client.ts), so the bare routes get no more connections than the app. */
const POOL_SIZE = 10;
const USERS_QUERY = 'select id, email, name from users limit 1';

async function bare(mode: ServerMode, url: string | undefined): Promise<ServerReady> {
  const app = Fastify({ logger: false });
  if (mode === 'hello') {
    app.get('/', async () => ({ hello: 'world' }));
  } else {
    const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
    const queries = mode === 'pg1' ? 1 : 3;
    app.get('/', async () => {
      let row: unknown;
      for (let i = 0; i < queries; i++) row = (await pool.query(USERS_QUERY)).rows[0];
      return { user: row };
    });
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { port: (app.server.address() as { port: number }).port };
}

const MODES: readonly string[] = ['hello', 'pg1', 'pg3'] satisfies ServerMode[];
const [mode, url] = process.argv.slice(2) as [ServerMode, string | undefined];
if (process.send && MODES.includes(mode)) {
  process.on('disconnect', () => process.exit(0));
  process.send(await bare(mode, url));
}
