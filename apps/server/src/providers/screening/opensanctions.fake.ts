/**
 * A local fake of OpenSanctions' matching API for the adapter's tests: node:http on 127.0.0.1 (random
 * port). It checks the `ApiKey` authorization (401), the dataset and the query's shape (400), and answers
 * the documented shape (`{responses: {<query id>: {status, results: [{id, caption, schema, score, match,
 * datasets, properties}], total, query}}}`). Its listed persons score by name and birth date like the
 * service's name-based algorithm would: same full name 0.82, and same birth date 0.98.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOpenSanctions {
  baseUrl: string;
  requests: { path: string; body: unknown }[];
  /** The next request answers this HTTP status. */
  failNext(status: number): void;
  /** Every request answers this HTTP status, until called with undefined. */
  failAll(status: number | undefined): void;
  close(): Promise<void>;
}

const LISTED = [
  {
    id: 'NK-fake-1',
    caption: 'Ilse Blockhaus',
    first: 'ilse',
    last: 'blockhaus',
    birthDate: '1970-01-15',
    datasets: ['us_ofac_sdn'],
  },
  {
    id: 'NK-fake-2',
    caption: 'Tomas Sperrlist',
    first: 'tomas',
    last: 'sperrlist',
    birthDate: '1955-06-21',
    datasets: ['eu_fsf'],
  },
];

export async function startFakeOpenSanctions(apiKey: string): Promise<FakeOpenSanctions> {
  const requests: FakeOpenSanctions['requests'] = [];
  const faults: number[] = [];
  let outage: number | undefined;
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const path = req.url ?? '';
      const body = raw ? (JSON.parse(raw) as unknown) : undefined;
      requests.push({ path, body });
      const fault = faults.shift() ?? outage;
      if (fault) return send(res, fault, { detail: 'injected' });
      if (req.headers.authorization !== `ApiKey ${apiKey}`)
        return send(res, 401, { detail: 'Invalid API key' });
      const match = /^\/match\/([a-z_]+)(\?.*)?$/.exec(path);
      if (req.method !== 'POST' || !match) return send(res, 404, { detail: 'Not found' });
      const queries = (
        body as { queries?: Record<string, { schema?: string; properties?: Record<string, string[]> }> }
      )?.queries;
      if (!queries || Object.keys(queries).length === 0) return send(res, 400, { detail: 'No queries' });
      const responses: Record<string, unknown> = {};
      for (const [id, query] of Object.entries(queries)) {
        if (query.schema !== 'Person' || !query.properties)
          return send(res, 400, { detail: 'Invalid query' });
        const p = query.properties;
        const first = (p.firstName?.[0] ?? '').toLowerCase();
        const last = (p.lastName?.[0] ?? '').toLowerCase();
        const results = LISTED.filter((l) => l.first === first && l.last === last).map((l) => {
          const score = p.birthDate?.[0] === l.birthDate ? 0.98 : 0.82;
          return {
            id: l.id,
            caption: l.caption,
            schema: 'Person',
            score,
            match: score >= 0.7,
            datasets: l.datasets,
            properties: { name: [l.caption], birthDate: [l.birthDate] },
          };
        });
        responses[id] = { status: 200, results, total: { value: results.length, relation: 'eq' }, query };
      }
      send(res, 200, { responses, limit: 5 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failNext(status) {
      faults.push(status);
    },
    failAll(status) {
      outage = status;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
