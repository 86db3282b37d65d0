/**
 * A local fake of Alloy's journey applications for the adapter's tests: node:http on 127.0.0.1 (random
 * port). It checks HTTP Basic auth, the journey token in the path and the person entity's required fields,
 * and answers a journey application decided like the sandbox (by last name). Like Alloy, it finds the
 * latest application of an external_application_id (GET /v1/journeys/applications/ext/{id}/latest).
 * `failNext` injects an HTTP error.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sandboxJourneyApplication } from './sandbox.ts';

export interface FakeAlloy {
  baseUrl: string;
  /** The bodies received (the applications created). */
  requests: unknown[];
  /** Applications created, by external_application_id. */
  applications: Map<string, unknown>;
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
  const applications = new Map<string, unknown>();
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
      const url = new URL(req.url ?? '/', 'http://fake');
      const latest = /^\/v1\/journeys\/applications\/ext\/([^/]+)\/latest$/.exec(url.pathname);
      if (req.method === 'GET' && latest) {
        const found = applications.get(decodeURIComponent(latest[1]!));
        return found ? send(res, 200, found) : send(res, 404, { error: 'Not found' });
      }
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
      const application = sandboxJourneyApplication({ nameLast: String(data.name_last) });
      const externalId = (parsed as { external_application_id?: unknown }).external_application_id;
      if (typeof externalId === 'string') applications.set(externalId, application);
      send(res, 201, application);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    applications,
    failNext(status) {
      injected = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
