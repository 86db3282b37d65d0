/** Decorates the app with the reference-data cache (lib/memory-cache.ts) the modules share. */
import fp from 'fastify-plugin';
import { MemoryCache } from '../lib/memory-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    cache: MemoryCache;
  }
}

export default fp(
  async (app) => {
    app.decorate('cache', new MemoryCache());
  },
  { name: 'cache' },
);
