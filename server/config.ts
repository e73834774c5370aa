import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting of the app, parsed once. Nothing else reads process.env.
 * A bad value stops start-up with a message naming the setting.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z.url().optional();
const list = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

const schema = z.object({
  APP_ENV: z.enum(['production', 'development', 'test']).default('production'),
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * What /api/docs describes: `public` the public and user routes, `all` the admin and webhook routes too. Unset:
   * `public` when APP_ENV is production, `all` otherwise (server/http/api-docs.ts).
   */
  API_DOCS: z.enum(['public', 'all']).optional(),

  DATA_DIR: z.string().min(1).default('./data'),
  /** Folder of the built web app (default dist/web): lets a test run serve its own build. */
  WEB_ROOT: z.string().min(1).optional(),
  DATABASE_URL: optionalUrl,

  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Ampkit <no-reply@ampkit.app>'),

  ADMIN_EMAILS: list,
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),

  SIGNUP_BONUS_CREDITS: z.string().regex(/^\d+(\.\d{1,4})?$/, 'must be a decimal like 5 or 2.5').default('5'),
  HOLD_TTL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),

  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the Stripe API is; tests point it at a local server that speaks Stripe's wire format. */
  STRIPE_API_BASE: optionalUrl,

  GEMINI_API_KEY: z.string().min(1).optional(),
  GEMINI_BASE_URL: optionalUrl,
  GEMINI_IMAGE_MODEL: z.string().min(1).optional(),
  GEMINI_TEXT_MODEL: z.string().min(1).optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_IMAGE_MODEL: z.string().min(1).optional(),
  OPENAI_CHAT_MODEL: z.string().min(1).optional(),
  OPENAI_TRANSCRIBE_MODEL: z.string().min(1).optional(),
  REPLICATE_API_TOKEN: z.string().min(1).optional(),
  REPLICATE_BASE_URL: optionalUrl,
  REPLICATE_UPSCALE_MODEL: z.string().regex(/^[\w.-]+\/[\w.-]+$/, 'owner/name').optional(),
  REPLICATE_UPSCALE_VERSION: z.string().min(1).optional(),
  DEEPGRAM_API_KEY: z.string().min(1).optional(),
  DEEPGRAM_BASE_URL: optionalUrl,
  DEEPGRAM_MODEL: z.string().min(1).optional(),
  /** Which configured provider edits images: auto picks Gemini, then OpenAI, then the local engine. */
  AI_IMAGE_PROVIDER: z.enum(['auto', 'local', 'gemini', 'openai']).default('auto'),
  /** Who paints mockups: auto picks Gemini, then OpenAI, then the local engine's drawn templates (a free preview). */
  AI_MOCKUP_PROVIDER: z.enum(['auto', 'local', 'gemini', 'openai']).default('auto'),
  UPSCALE_DEFAULT_PROVIDER: z.enum(['local', 'replicate']).default('local'),
  /**
   * Who turns speech into text: auto picks Deepgram, then OpenAI-compatible, then the local draft engine
   * (pocketsphinx, where installed); none turns transcription off (the start call answers 503).
   */
  TRANSCRIPTION_PROVIDER: z.enum(['auto', 'deepgram', 'openai', 'local', 'none']).default('auto'),
  /** The local draft engine's program (Debian's pocketsphinx) and its English model folder. */
  POCKETSPHINX_BIN: z.string().min(1).default('pocketsphinx_continuous'),
  POCKETSPHINX_MODEL_DIR: z.string().min(1).default('/usr/share/pocketsphinx/model/en-us'),
  /** ffmpeg decodes audio for the local engine and splits long audio for OpenAI's 25 MB limit. */
  FFMPEG_BIN: z.string().min(1).default('ffmpeg'),

  /** The Telegram bot (from @BotFather). Without it the dashboard's telegram tab says how to turn it on. */
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  /** Where the Bot API is; tests point it at a local server that speaks its wire format. */
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  /** With a secret the bot takes updates at POST /api/telegram/webhook; without one the worker long-polls. */
  TELEGRAM_WEBHOOK_SECRET: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, 'letters, digits, _ and - (Telegram\'s rule)').optional(),
  /** Longest wait for one AI provider call (defaults are each adapter's own: 1.5 to 10 minutes). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /**
   * How long an image or caption tool's call waits for its generation before it answers 202 with the status URL
   * (the work goes on in a worker; GET /api/generations/:id follows it).
   */
  GENERATION_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(20_000),
  /** An image or caption generation with a provider fails as `timeout` (nothing charged) after this. */
  GENERATION_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** The same for the local engine (a large high-quality ESRGAN upscale takes minutes on two cores). */
  LOCAL_ENGINE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(600_000),
  /** How many generations one worker process runs at once (provider calls mostly wait). */
  GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * How many of one user's batch items run at once across every worker (issue 28), so one user's 50 images never
   * starve another's single generation (single generations also run first).
   */
  BATCH_CONCURRENCY_PER_USER: z.coerce.number().int().min(1).max(16).default(2),
  /** Largest POST /api/batches body (up to 50 images sent inline, base64). */
  BATCH_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(200 * 1024 * 1024),
  /**
   * A running job that has not said it is alive for this long is taken to have died with its worker and is run again
   * by another (pg-boss's heartbeat: at least 10 s). It is sent every half of this.
   */
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  /** How often the queue looks for such jobs and for expired ones. */
  JOB_MONITOR_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  RATE_LIMIT_AI_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  AI_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024 * 1024).default(50 * 1024 * 1024),

  STORAGE_QUOTA_GB: z.coerce.number().positive().max(100_000).default(5),
  FILE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  UPLOAD_MAX_IMAGE_BYTES: z.coerce.number().int().min(1024).default(20 * 1024 * 1024),
  UPLOAD_MAX_AUDIO_BYTES: z.coerce.number().int().min(1024).default(200 * 1024 * 1024),
  MAX_IMAGE_PIXELS: z.coerce.number().int().min(10_000).default(40_000_000),

  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),

  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(1024 * 1024),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /**
   * A socket silent this long is closed (0: never). It must outlast the longest wait of the app's own (a tool's call
   * waits GENERATION_WAIT_MS, a repeat of it a little longer), or an answer on its way is cut off.
   */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(120_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(72_000),

  RATE_LIMIT_MAGIC_LINK_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_MAGIC_LINK_PER_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  RATE_LIMIT_GLOBAL_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_TRACK_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Webhook endpoints may be http:// and resolve to private addresses (tests, self-hosting on one network). */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /** How long one webhook delivery waits for its endpoint's answer before it counts as failed (and is retried). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Calls a minute each API key may make (Authorization: Bearer), counted over every web process. */
  RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce.number().int().min(1).default(120),

  /**
   * Copy of the pricing table to production (System Settings, development hosts only): the production app's address
   * and the bearer token its POST /api/pricing/import accepts. On the production app set the same token (the
   * import is refused without it); the URL is only read on a development host.
   */
  PRODUCTION_SYNC_URL: optionalUrl,
  PRODUCTION_SYNC_TOKEN: z.string().min(32, 'at least 32 characters').optional(),

  /** The operator the Terms and the Privacy Policy name (spec 1 §9: a company in New Mexico, USA). */
  LEGAL_ENTITY_NAME: z.string().trim().min(1).max(120).default('Ampkit LLC'),
  /** Where it is organised and whose laws apply, written to follow "the laws of". */
  LEGAL_JURISDICTION: z.string().trim().min(1).max(120).default('the State of New Mexico, USA'),
});

export type Config = z.infer<typeof schema> & {
  /** Derived: the session cookie carries Secure. */
  cookieSecure: boolean;
  /** Derived: absolute folder of the embedded database. */
  dbDir: string;
  /** Derived: absolute folder of local file storage. */
  filesDir: string;
  isDevelopment: boolean;
};

/** A bad setting's value for the start-up message, with keys hidden and URL passwords masked: it goes to the log. */
function shown(key: string, value: string | undefined): string {
  if (value === undefined) return 'null';
  if (/KEY|SECRET|TOKEN|PASSWORD/.test(key)) return '(hidden)';
  return JSON.stringify(value.replace(/(\/\/[^/@\s:]*:).*@/, '$1***@'));
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The longest an HTTP call waits in the app: a tool's call waits GENERATION_WAIT_MS; a repeat of it with the same
 * Idempotency-Key waits for the first call's answer, a few seconds longer.
 */
export const longestWaitMs = (generationWaitMs: number) => generationWaitMs + 10_000;

/** Parses settings from an environment-like record; throws ConfigError naming each bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in schema.shape && value !== undefined && value !== ''),
  );
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = issue.path.join('.');
      return `  ${key}: ${issue.message} (got ${shown(key, cleaned[key])})`;
    });
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const needs: Array<[boolean, string]> = [
    [c.AI_IMAGE_PROVIDER === 'gemini' && !c.GEMINI_API_KEY, 'AI_IMAGE_PROVIDER=gemini needs GEMINI_API_KEY'],
    [c.AI_IMAGE_PROVIDER === 'openai' && !c.OPENAI_API_KEY, 'AI_IMAGE_PROVIDER=openai needs OPENAI_API_KEY'],
    [c.AI_MOCKUP_PROVIDER === 'gemini' && !c.GEMINI_API_KEY, 'AI_MOCKUP_PROVIDER=gemini needs GEMINI_API_KEY'],
    [c.AI_MOCKUP_PROVIDER === 'openai' && !c.OPENAI_API_KEY, 'AI_MOCKUP_PROVIDER=openai needs OPENAI_API_KEY'],
    [c.UPSCALE_DEFAULT_PROVIDER === 'replicate' && !c.REPLICATE_API_TOKEN, 'UPSCALE_DEFAULT_PROVIDER=replicate needs REPLICATE_API_TOKEN'],
    [c.TRANSCRIPTION_PROVIDER === 'deepgram' && !c.DEEPGRAM_API_KEY, 'TRANSCRIPTION_PROVIDER=deepgram needs DEEPGRAM_API_KEY'],
    [c.TRANSCRIPTION_PROVIDER === 'openai' && !c.OPENAI_API_KEY, 'TRANSCRIPTION_PROVIDER=openai needs OPENAI_API_KEY'],
  ];
  const missing = needs.filter(([bad]) => bad).map(([, message]) => `  ${message}`);
  if (missing.length > 0) throw new ConfigError(`Invalid settings:\n${missing.join('\n')}`);
  if (!!c.STRIPE_SECRET_KEY !== !!c.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid settings:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both for Stripe, or neither for the test checkout',
    );
  }
  if (c.CONNECTION_TIMEOUT_MS !== 0 && c.CONNECTION_TIMEOUT_MS <= longestWaitMs(c.GENERATION_WAIT_MS)) {
    throw new ConfigError(
      `Invalid settings:\n  CONNECTION_TIMEOUT_MS (${c.CONNECTION_TIMEOUT_MS}) must be 0 or longer than the app's longest wait (${longestWaitMs(c.GENERATION_WAIT_MS)} ms: GENERATION_WAIT_MS and a repeat's margin)`,
    );
  }
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    cookieSecure: c.COOKIE_SECURE === 'auto' ? c.PUBLIC_URL.startsWith('https://') : c.COOKIE_SECURE === 'true',
    dbDir: path.join(dataDir, 'db'),
    filesDir: path.join(dataDir, 'files'),
    isDevelopment: c.APP_ENV === 'development',
  };
}

/** Names of every setting, for the README and .env.example checks. */
export const SETTING_NAMES = Object.keys(schema.shape);
