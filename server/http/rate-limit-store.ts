import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '../lib/clock.ts';

/** A fixed-window counter: one hit answers the caller's count in its window and the milliseconds left in it. */
export interface RateLimitCounter {
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
}

/** Keys a process keeps at most; past that the oldest tenth of the windows goes (a flood of addresses cannot grow it). */
const MEMORY_MAX_KEYS = 10_000;

/** A counter in this process's memory, on the app's clock. */
export function memoryRateLimitCounter(clock: Clock): RateLimitCounter {
  const windows = new Map<string, { count: number; expiresAt: number }>();
  let nextPrune = 0;
  return {
    async hit(key, windowMs) {
      const now = clock.now().getTime();
      if (now >= nextPrune) {
        for (const [k, w] of windows) if (w.expiresAt <= now) windows.delete(k);
        nextPrune = now + 60_000;
      }
      if (windows.size >= MEMORY_MAX_KEYS) {
        let drop = MEMORY_MAX_KEYS / 10;
        for (const k of windows.keys()) {
          if (drop-- <= 0) break;
          windows.delete(k);
        }
      }
      let w = windows.get(key);
      if (!w || w.expiresAt <= now) {
        // Re-inserted, so the Map's order stays oldest window first.
        windows.delete(key);
        w = { count: 0, expiresAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, ttlMs: w.expiresAt - now };
    },
  };
}

/** @fastify/rate-limit's store interface over a counter; a route's store names its counters after the route. */
class CounterStore implements FastifyRateLimitStore {
  constructor(
    private readonly counter: RateLimitCounter,
    private readonly shared: RateLimitCounter,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    this.counter.hit(this.prefix + key, timeWindow).then(
      ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
      (err: Error) => callback(err),
    );
  }

  /** Called once per route that declares its own `rateLimit` (the plugin merges the route's options in). */
  child(options: unknown): FastifyRateLimitStore {
    const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
    if (!route?.url) throw new Error('A shared rate limit belongs to a route: declare it as the route\'s config.rateLimit.');
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    return new CounterStore(this.shared, this.shared, `${method}${route.url}-`);
  }
}

/**
 * The store of @fastify/rate-limit (its `store` option). The limits a route declares (sign-in, sign-up and password
 * attempts per address, AI and transcription calls per user, visit tracking) count in `shared`, the database every
 * web process uses, so N processes still allow each caller the limit once, not N times. The global per-address
 * limit on every other API call counts in `local`, this process's memory: it guards one process's capacity, and a
 * database write on every request (GET /api/auth/profile included) would cost more than the calls it protects.
 */
export function rateLimitStore(counters: { shared: RateLimitCounter; local: RateLimitCounter }): FastifyRateLimitStoreCtor {
  return class RootStore extends CounterStore {
    constructor() {
      super(counters.local, counters.shared, '');
    }
  };
}
