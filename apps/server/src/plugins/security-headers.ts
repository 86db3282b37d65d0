/**
 * The security headers of every answer (Content-Security-Policy, X-Frame-Options, HSTS in production…):
 * helmet's, for our options, worked out once when the app is built and then copied onto each reply. The
 * options name no per-request value (no nonce, no function), so every answer carries the same headers.
 * (@fastify/helmet built helmet's middleware again on every request, directives parsed and options
 * checked: a fifth of a cached catalogue read.)
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for these options, as name → value (names as helmet spells them). */
function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name] = value;
    },
    // X-Powered-By, which Fastify never sets.
    removeHeader() {},
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export default fp<{ helmet: HelmetOptions }>(
  async (app, options) => {
    const headers = helmetHeaders(options.helmet);
    app.addHook(
      'onRequest',
      (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        reply.headers(headers);
        done();
      },
    );
  },
  { name: 'security-headers' },
);
