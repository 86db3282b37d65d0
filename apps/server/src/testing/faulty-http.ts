/**
 * An HTTP relay in front of a partner's local fake that fails on purpose, the ways a partner does:
 * - `http500`: answers 500 without passing the request on;
 * - `malformed`: answers 200 with a body that is not JSON, without passing the request on;
 * - `drop`: cuts the connection as the request arrives;
 * - `late`: passes the request on (the fake acts on it), then answers only after `lateMs`, long after the
 *   caller gave up: what a slow partner does to a request it still carries out.
 * `none` relays. A closed port is `closedPortUrl()`. The fakes answer at their root (no base path).
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';

export type Fault = 'none' | 'http500' | 'malformed' | 'drop' | 'late';

export interface FaultyHttp {
  baseUrl: string;
  fault: Fault;
  /** Only the requests it matches get the fault (default: every request); the others are relayed. */
  faultWhen: ((request: { method: string; path: string }) => boolean) | undefined;
  /** Requests that reached the fake (passed on). */
  readonly passed: number;
  close(): Promise<void>;
}

export async function startFaultyHttp(
  targetBaseUrl: string,
  options: { lateMs?: number } = {},
): Promise<FaultyHttp> {
  const target = new URL(targetBaseUrl);
  const lateMs = options.lateMs ?? 1_000;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let passed = 0;
  const state: { fault: Fault; when: FaultyHttp['faultWhen'] } = { fault: 'none', when: undefined };

  const relay = (req: IncomingMessage, res: ServerResponse, body: Buffer, delayMs: number) => {
    passed += 1;
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url ?? '/',
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const send = () => {
            if (res.destroyed) return;
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(chunks));
          };
          if (delayMs === 0) return send();
          const timer = setTimeout(() => {
            timers.delete(timer);
            send();
          }, delayMs);
          timers.add(timer);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const applies = state.when?.({ method: req.method ?? '', path: req.url ?? '' }) ?? true;
      switch (applies ? state.fault : 'none') {
        case 'http500':
          res.writeHead(500, { 'content-type': 'application/json' });
          return res.end('{"error":"injected"}');
        case 'malformed':
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end('{"unterminated": ');
        case 'drop':
          return req.socket.destroy();
        case 'late':
          return relay(req, res, body, lateMs);
        default:
          return relay(req, res, body, 0);
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    get fault() {
      return state.fault;
    },
    set fault(value: Fault) {
      state.fault = value;
    },
    get faultWhen() {
      return state.when;
    },
    set faultWhen(value) {
      state.when = value;
    },
    get passed() {
      return passed;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The address of a port nothing listens on (a partner that is down). */
export async function closedPortUrl(): Promise<string> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
