import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { AnyJobDefinition, JobSender } from '../jobs/jobs.ts';
import type { Clock } from '../lib/clock.ts';
import type { JobNotices } from '../lib/job-notices.ts';
import type { Mailer } from '../providers/mail/mailer.ts';
import type { AiRegistry } from '../providers/ai/registry.ts';
import type { ObjectStorage } from '../providers/storage/storage.ts';

/**
 * One module shape (every `server/modules/<name>/module.ts` exports one `defineModule(...)`):
 * - `create(core, deps)` receives the process's shared parts (`Core`) and, by name, the other modules' services it
 *   uses (`deps`, narrow `Pick`s where it can), and builds its service from them: settings are read from
 *   `core.config` here, not in services.ts;
 * - it answers its `service` (what others and the tests reach as `services.<name>`), its `routes` (plugins with their
 *   prefix and options; `public` ones first, then the admin area's, all `auth: 'admin'` but the pricing import),
 *   its `jobs` (typed by `server/jobs/jobs.ts`) and its `seed` (what a new database needs).
 * services.ts calls each `create` in dependency order, explicitly; app.ts registers every module's routes and main.ts
 * queues every module's jobs in one loop each. No container, no autoloading: the wiring stays readable.
 */
export interface Core {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Sends typed jobs; bound to the queue once it has started (main.ts, or a test). */
  jobs: JobSender;
  /** A finished background job's notice to its user (the Telegram module subscribes). */
  notices: JobNotices;
  storage: ObjectStorage;
  mailer: Mailer;
  aiProviders: AiRegistry;
}

/** The app the routes are registered on (app.ts's Fastify instance with the zod type provider). */
export type RoutesApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** One route plugin with its prefix and options, registered by app.ts. */
export interface RouteMount {
  prefix: string;
  register(app: RoutesApp): Promise<void>;
}

/** A route plugin under `prefix` with its options, checked against the plugin's own options type. */
export function mount<O extends object>(
  plugin: FastifyPluginAsync<O, RawServerDefault, ZodTypeProvider>,
  options: O & { prefix: string },
): RouteMount {
  return {
    prefix: options.prefix,
    async register(app) {
      await app.register(plugin, options);
    },
  };
}

/** What a module's `create` answers. */
export interface ModuleParts<S> {
  service: S;
  routes?: { public?: RouteMount[]; admin?: RouteMount[] };
  /** Its job kinds; `log` is the process's job log. */
  jobs?: (log: FastifyBaseLogger) => AnyJobDefinition[];
  /** Seeds what a new database needs; keeps what the admin area changed. */
  seed?: () => Promise<unknown>;
}

export interface ModuleDefinition<S, D> {
  name: string;
  create(core: Core, deps: D): ModuleParts<S>;
}

/** A module once created: its name and parts, as app.ts and main.ts loop over them. */
export type WiredModule = Omit<ModuleParts<unknown>, 'service'> & { name: string };

/** Declares a module; `D` is what it needs of other modules (nothing by default). */
export function defineModule<S, D = object>(definition: ModuleDefinition<S, D>): ModuleDefinition<S, D> {
  return definition;
}

/** Creates a module and keeps its parts beside its service, for the loops. */
export function createModule<S, D>(definition: ModuleDefinition<S, D>, core: Core, deps: D): ModuleParts<S> & { name: string } {
  return { name: definition.name, ...definition.create(core, deps) };
}
