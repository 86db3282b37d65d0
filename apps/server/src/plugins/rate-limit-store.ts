/**
 * Where the API rate limits are counted. Without REDIS_URL, in this process's memory. With it, in Redis, so
 * that several processes share one count per client; Redis is an accelerator, not a dependency: unreachable
 * at start or later, the server starts and counts in its own memory until Redis is back (logged once each
 * way, and shown in the heartbeat). A short connect timeout and no offline queue keep an outage from
 * holding a request.
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import {
  createDependencyStatus,
  type DependencyState,
  type DependencyStatus,
} from '../lib/dependency-status.ts';

/** What @fastify/rate-limit asks of a store (its LocalStore and RedisStore have this shape). */
interface Store {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  read?(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface RouteOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo: { method: string; url: string };
}
interface GlobalOptions {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}

// The plugin's own stores (CommonJS, not in its exports' types).
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => Store;

/** Counts in Redis while it is ready, else (and on any Redis error) in memory. */
class FallbackStore implements Store {
  constructor(
    private readonly redis: Store,
    private readonly memory: Store,
    private readonly client: Redis,
    private readonly status: DependencyStatus,
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    if (this.client.status !== 'ready') return this.memory.incr(key, callback, timeWindow, max);
    this.redis.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        this.status.lost(error);
        this.memory.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    const store = this.client.status === 'ready' ? this.redis : this.memory;
    store.read?.(key, callback, timeWindow, max);
  }

  child(routeOptions: RouteOptions): Store {
    return new FallbackStore(
      this.redis.child(routeOptions),
      this.memory.child(routeOptions),
      this.client,
      this.status,
    );
  }
}

interface RateLimitStore {
  /** The `store` option of @fastify/rate-limit; undefined → its own memory store. */
  store: FastifyRateLimitStoreCtor | undefined;
  /** Redis as last seen, when REDIS_URL is set. */
  readonly redisState: DependencyState | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimitStore: RateLimitStore;
  }
}

/**
 * Connects to Redis when `url` is set (one attempt at start, then its client reconnects on its own) and
 * decorates the app with the store; Redis is closed with the app. Errors are logged without the URL.
 */
export async function createRateLimitStore(
  app: FastifyInstance,
  url: string | undefined,
  namespace: string,
): Promise<RateLimitStore> {
  if (!url) {
    const none: RateLimitStore = { store: undefined, redisState: undefined };
    app.decorate('rateLimitStore', none);
    return none;
  }
  // Loaded only when REDIS_URL is set.
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    connectTimeout: 500,
    // A command sent as the connection drops would otherwise wait for the reconnection.
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  });
  const status = createDependencyStatus(app.log, {
    dependency: 'redis',
    lost: "Redis unreachable: rate limits are counted in this process's memory until it is back",
    back: 'Redis reachable again: rate limits are shared again',
  });
  client.on('error', (error: Error) => status.lost(error));
  // A connection that drops without an error (the server closed it) is an outage too.
  client.on('reconnecting', () => status.lost(new Error('Redis connection closed')));
  client.on('ready', () => status.reached());
  // A failed first attempt is already reported by the 'error' event; the client keeps reconnecting.
  await client.connect().catch(() => undefined);
  app.addHook('onClose', async () => {
    if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
    else client.disconnect();
  });
  const result: RateLimitStore = {
    // Called with `new` and the plugin's global options (continueExceeding, exponentialBackoff resolved).
    store: function fallbackStore(options: GlobalOptions) {
      const { continueExceeding, exponentialBackoff } = options;
      return new FallbackStore(
        new RedisStore(continueExceeding, exponentialBackoff, client, namespace),
        new LocalStore(continueExceeding, exponentialBackoff),
        client,
        status,
      );
    } as unknown as FastifyRateLimitStoreCtor,
    get redisState(): DependencyState {
      return client.status === 'ready' ? 'Healthy' : 'Degraded';
    },
  };
  app.decorate('rateLimitStore', result);
  return result;
}
