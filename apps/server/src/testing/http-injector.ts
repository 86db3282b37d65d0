/**
 * `inject` over real HTTP, for tests that talk to a server process (not an app in the test's process):
 * the subset of Fastify's inject that TestApplicant uses, answering the same response shape.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export type Injector = Pick<FastifyInstance, 'inject'>;

export function createHttpInjector(baseUrl: string): Injector {
  async function inject(options: InjectOptions | string): Promise<LightMyRequestResponse> {
    const o: InjectOptions = typeof options === 'string' ? { url: options } : options;
    const method = o.method ?? 'GET';
    const url = new URL(String(o.url), baseUrl);
    for (const [key, value] of Object.entries((o.query ?? {}) as Record<string, string>)) {
      url.searchParams.set(key, value);
    }
    const headers: Record<string, string> = { origin: baseUrl };
    // The client's address reaches a server that trusts the loopback proxy (TRUST_PROXY) as the
    // forwarded address, as it would behind a load balancer.
    if (o.remoteAddress) headers['x-forwarded-for'] = o.remoteAddress;
    for (const [key, value] of Object.entries(o.headers ?? {})) headers[key] = String(value);
    let body: string | Buffer | undefined;
    if (o.payload !== undefined) {
      if (typeof o.payload === 'string' || Buffer.isBuffer(o.payload)) body = o.payload as string | Buffer;
      else {
        body = JSON.stringify(o.payload);
        headers['content-type'] ??= 'application/json';
      }
    }
    const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    const cookies = response.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      return { name: pair.slice(0, index), value: pair.slice(index + 1) };
    });
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body: text,
      payload: text,
      json: () => JSON.parse(text) as unknown,
      cookies,
      raw: { req: { method, url: url.pathname } },
    } as unknown as LightMyRequestResponse;
  }
  return { inject: inject as Injector['inject'] };
}
