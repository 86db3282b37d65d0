/**
 * A local fake of Onfido's API v3.6 for the adapter's tests: node:http on 127.0.0.1 (random port). It
 * checks the token header, creates applicants and workflow runs (with a hosted link and their tags),
 * answers GET on a run and lists runs by tag. `finish(runId, status)` moves a run and returns the webhook body and its signature, as Onfido would
 * send them.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOnfido {
  baseUrl: string;
  requests: { method: string; path: string; body: unknown }[];
  finish(runId: string, status: string): { rawBody: Buffer; signature: string };
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

export async function startFakeOnfido(options: {
  apiToken: string;
  workflowId: string;
  webhookToken: string;
}): Promise<FakeOnfido> {
  const applicants = new Set<string>();
  const runs = new Map<string, { id: string; status: string; tags: string[]; link: { url: string } }>();
  const requests: FakeOnfido['requests'] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req).catch(() => null);
      const path = req.url ?? '';
      requests.push({ method: req.method ?? '', path, body });
      if (req.headers.authorization !== `Token token=${options.apiToken}`) {
        return send(res, 401, { error: { type: 'authorization_error', message: 'Bad token' } });
      }
      const b = (body ?? {}) as Record<string, unknown>;
      if (req.method === 'POST' && path === '/applicants') {
        if (typeof b.first_name !== 'string' || typeof b.last_name !== 'string') {
          return send(res, 422, {
            error: { type: 'validation_error', fields: { first_name: ['required'] } },
          });
        }
        const id = randomUUID();
        applicants.add(id);
        return send(res, 201, { id, first_name: b.first_name, last_name: b.last_name });
      }
      if (req.method === 'POST' && path === '/workflow_runs') {
        if (b.workflow_id !== options.workflowId || !applicants.has(String(b.applicant_id))) {
          return send(res, 422, {
            error: { type: 'validation_error', message: 'Unknown workflow or applicant' },
          });
        }
        const id = randomUUID();
        const tags = Array.isArray(b.tags) ? b.tags.map(String) : [];
        const link = { url: `https://eu.onfido.app/l/${id}`, ...(b.link as object) };
        runs.set(id, { id, status: 'awaiting_input', tags, link });
        return send(res, 201, {
          id,
          workflow_id: options.workflowId,
          applicant_id: b.applicant_id,
          status: 'awaiting_input',
          tags,
          link,
        });
      }
      if (req.method === 'GET' && path.startsWith('/workflow_runs?')) {
        const tag = new URLSearchParams(path.slice(path.indexOf('?') + 1)).get('tags');
        return send(
          res,
          200,
          [...runs.values()].filter((r) => tag === null || r.tags.includes(tag)),
        );
      }
      const match = /^\/workflow_runs\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && match) {
        const run = runs.get(decodeURIComponent(match[1] ?? ''));
        return run ? send(res, 200, run) : send(res, 404, { error: { type: 'resource_not_found' } });
      }
      send(res, 404, { error: { type: 'resource_not_found' } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    finish(runId, status) {
      const run = runs.get(runId);
      runs.set(runId, { id: runId, status, tags: run?.tags ?? [], link: run?.link ?? { url: '' } });
      const rawBody = Buffer.from(
        JSON.stringify({
          payload: {
            resource_type: 'workflow_run',
            action: 'workflow_run.completed',
            object: {
              id: runId,
              status,
              completed_at_iso8601: new Date().toISOString(),
              href: `/workflow_runs/${runId}`,
            },
          },
        }),
      );
      const signature = createHmac('sha256', options.webhookToken).update(rawBody).digest('hex');
      return { rawBody, signature };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
