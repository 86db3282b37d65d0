/**
 * A local fake of Alloy's journey applications for the adapter's tests: node:http on 127.0.0.1 (random
 * port). It checks HTTP Basic auth, the journey token in the path and the person entity's required fields,
 * and answers a journey application decided like the sandbox (by last name). `failNext` injects an HTTP
 * error.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sandboxJourneyApplication } from './sandbox.ts';

export interface FakeAlloy {
  baseUrl: string;
  /** The bodies received. */
  requests: unknown[];
  failNext(status: number): void;
  close(): Promise<void>;
}

const REQUIRED = ['name_first', 'name_last', 'birth_date', 'email_address', 'phone_number', 'addresses'];

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeAlloy(options: {
  journeyToken: string;
  workflowToken: string;
  workflowSecret: string;
}): Promise<FakeAlloy> {
  const requests: unknown[] = [];
  let injected: number | undefined;
  const expectedAuth = `Basic ${Buffer.from(`${options.workflowToken}:${options.workflowSecret}`).toString('base64')}`;
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (injected !== undefined) {
        const status = injected;
        injected = undefined;
        return send(res, status, { error: { message: 'injected' } });
      }
      if (req.headers.authorization !== expectedAuth) return send(res, 401, { error: 'Unauthorized' });
      if (req.method !== 'POST' || req.url !== `/v1/journeys/${options.journeyToken}/applications`) {
        return send(res, 404, { error: 'Not found' });
      }
      let parsed: { entities?: { data?: Record<string, unknown> }[] };
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        return send(res, 400, { error: 'Invalid JSON' });
      }
      requests.push(parsed);
      const data = parsed.entities?.[0]?.data;
      if (!data || REQUIRED.some((f) => data[f] === undefined)) {
        return send(res, 400, { error: 'Missing required entity fields' });
      }
      send(res, 201, sandboxJourneyApplication({ nameLast: String(data.name_last) }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failNext(status) {
      injected = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
