/**
 * A local fake of the Apache Fineract endpoints omo calls, for the adapter's tests: node:http on 127.0.0.1
 * (random port), written from Fineract's API documentation. It checks HTTP Basic auth (401), the tenant
 * header (400 without it), the JSON body; answers Fineract's shapes (`{officeId, clientId, resourceId}`,
 * `{savingsId, resourceId}`, `{accountNo, ...}` on GET) and its errors (`{httpStatusCode,
 * userMessageGlobalisationCode, errors}`); refuses a second client of the same externalId (403
 * error.msg.client.duplicate.externalId); replays the stored answer of a request whose Idempotency-Key it
 * has seen (header x-served-from-cache), as Fineract's idempotency store does. `failNext` injects an error.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeFineractRequest {
  method: string;
  /** Path after /fineract-provider/api/v1, with its query. */
  path: string;
  idempotencyKey: string | undefined;
  body: Record<string, unknown> | undefined;
  /** The answer was replayed from the idempotency store. */
  replayed: boolean;
}

interface Account {
  id: number;
  accountNo: string;
  clientId: number;
  kind: 'savings' | 'fixedDeposit';
  status: 'submitted' | 'approved' | 'active';
  body: Record<string, unknown>;
}

export interface FakeFineract {
  baseUrl: string;
  requests: FakeFineractRequest[];
  clients: Map<number, { accountNo: string; body: Record<string, unknown>; identifiers: unknown[] }>;
  accounts: Map<number, Account>;
  /** Datatable rows by `${datatable}/${apptableId}`. */
  datatables: Map<string, Record<string, unknown>>;
  /** The next request (of `path` when given) answers this status, and does nothing. */
  failNext(status: number, pathStart?: string): void;
  /**
   * The next request (of `path` when given) is held this many ms before being handled.
   * @returns a promise settled once Fineract has handled it (whether or not the caller still waits)
   */
  delayNext(ms: number, pathStart?: string): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeFineract(options: {
  username: string;
  password: string;
  tenant: string;
}): Promise<FakeFineract> {
  const requests: FakeFineractRequest[] = [];
  const clients: FakeFineract['clients'] = new Map();
  const accounts: FakeFineract['accounts'] = new Map();
  const datatables: FakeFineract['datatables'] = new Map();
  const store = new Map<string, { status: number; body: unknown }>();
  const faults: { status: number; pathStart?: string | undefined }[] = [];
  const delays: { ms: number; pathStart?: string | undefined; handled: () => void }[] = [];
  let nextId = 1;
  const expectedAuth = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;

  const error = (status: number, code: string, field?: string) => ({
    status,
    body: {
      httpStatusCode: String(status),
      developerMessage: code,
      userMessageGlobalisationCode: code,
      defaultUserMessage: code,
      errors: field ? [{ parameterName: field, userMessageGlobalisationCode: code }] : [],
    },
  });

  /** The answer of one request (what Fineract would do), before the idempotency store keeps it. */
  function route(
    method: string,
    path: string,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } {
    const [pathname, query = ''] = path.split('?');
    const command = new URLSearchParams(query).get('command');
    const parts = (pathname ?? '').split('/').filter(Boolean);
    const required = (...fields: string[]) => fields.find((f) => body[f] === undefined || body[f] === '');
    if (method === 'POST' && parts.length === 1 && parts[0] === 'clients') {
      const missing = required(
        'officeId',
        'legalFormId',
        'firstname',
        'lastname',
        'externalId',
        'dateFormat',
        'locale',
      );
      if (missing) return error(400, 'validation.msg.validation.errors.exist', missing);
      if ([...clients.values()].some((c) => c.body.externalId === body.externalId)) {
        return error(403, 'error.msg.client.duplicate.externalId');
      }
      const id = nextId++;
      clients.set(id, { accountNo: `00000${id}`.slice(-9), body, identifiers: [] });
      return { status: 200, body: { officeId: body.officeId, clientId: id, resourceId: id } };
    }
    if (parts[0] === 'clients' && parts.length >= 2) {
      const client = clients.get(Number(parts[1]));
      if (!client) return error(404, 'error.msg.client.id.invalid');
      if (method === 'GET' && parts.length === 2)
        return { status: 200, body: { id: Number(parts[1]), accountNo: client.accountNo, ...client.body } };
      if (method === 'POST' && parts[2] === 'identifiers') {
        const missing = required('documentTypeId', 'documentKey');
        if (missing) return error(400, 'validation.msg.validation.errors.exist', missing);
        client.identifiers.push(body);
        return { status: 200, body: { clientId: Number(parts[1]), resourceId: nextId++ } };
      }
    }
    const accountKinds: Record<string, Account['kind']> = {
      savingsaccounts: 'savings',
      fixeddepositaccounts: 'fixedDeposit',
    };
    const kind = accountKinds[parts[0] ?? ''];
    if (kind && method === 'POST' && parts.length === 1) {
      const missing = required(
        'clientId',
        'productId',
        'submittedOnDate',
        ...(kind === 'fixedDeposit' ? ['depositAmount', 'depositPeriod', 'depositPeriodFrequencyId'] : []),
      );
      if (missing) return error(400, 'validation.msg.validation.errors.exist', missing);
      if (!clients.has(Number(body.clientId))) return error(404, 'error.msg.client.id.invalid');
      const id = nextId++;
      accounts.set(id, {
        id,
        accountNo: `10000${id}`.slice(-9),
        clientId: Number(body.clientId),
        kind,
        status: 'submitted',
        body,
      });
      return { status: 200, body: { officeId: 1, clientId: body.clientId, savingsId: id, resourceId: id } };
    }
    if (kind && parts.length === 2) {
      const account = accounts.get(Number(parts[1]));
      if (!account || account.kind !== kind) return error(404, 'error.msg.saving.account.id.invalid');
      if (method === 'GET')
        return {
          status: 200,
          body: { id: account.id, accountNo: account.accountNo, status: { value: account.status } },
        };
      if (command === 'approve' && account.status === 'submitted') {
        if (required('approvedOnDate'))
          return error(400, 'validation.msg.validation.errors.exist', 'approvedOnDate');
        account.status = 'approved';
        return { status: 200, body: { savingsId: account.id, resourceId: account.id } };
      }
      if (command === 'activate' && account.status === 'approved') {
        if (required('activatedOnDate'))
          return error(400, 'validation.msg.validation.errors.exist', 'activatedOnDate');
        account.status = 'active';
        return { status: 200, body: { savingsId: account.id, resourceId: account.id } };
      }
      return error(403, `error.msg.${command ?? 'command'}.not.allowed.in.state.${account.status}`);
    }
    if (method === 'POST' && parts[0] === 'datatables' && parts.length === 3) {
      const key = `${parts[1]}/${parts[2]}`;
      if (datatables.has(key)) return error(403, 'error.msg.datatable.entry.duplicate');
      datatables.set(key, body);
      return { status: 200, body: { resourceId: Number(parts[2]) } };
    }
    return error(404, 'error.msg.resource.not.found');
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const full = req.url ?? '';
      const prefix = '/fineract-provider/api/v1';
      const path = full.startsWith(prefix) ? full.slice(prefix.length) : full;
      const method = req.method ?? '';
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      const send = (answer: { status: number; body: unknown }, replayed: boolean) => {
        requests.push({ method, path, idempotencyKey, body, replayed });
        res.writeHead(answer.status, {
          'content-type': 'application/json',
          ...(replayed ? { 'x-served-from-cache': 'true' } : {}),
        });
        res.end(JSON.stringify(answer.body));
      };
      const handle = () => {
        if (!full.startsWith(prefix)) return send(error(404, 'error.msg.resource.not.found'), false);
        if (req.headers.authorization !== expectedAuth)
          return send(error(401, 'error.msg.not.authenticated'), false);
        if (req.headers['fineract-platform-tenantid'] !== options.tenant) {
          return send(error(400, 'error.msg.tenant.identifier.invalid'), false);
        }
        const fault = faults.findIndex((f) => !f.pathStart || path.startsWith(f.pathStart));
        if (fault >= 0) {
          const [{ status }] = faults.splice(fault, 1) as [{ status: number }];
          return send(error(status, 'error.msg.injected'), false);
        }
        // A write seen before under this key is answered as it was, and done once.
        const stored = method === 'POST' && idempotencyKey ? store.get(idempotencyKey) : undefined;
        if (stored) return send(stored, true);
        const answer = route(method, path, body ?? {});
        if (method === 'POST' && idempotencyKey && answer.status < 300) store.set(idempotencyKey, answer);
        send(answer, false);
      };
      const delay = delays.findIndex((d) => !d.pathStart || path.startsWith(d.pathStart));
      if (delay >= 0) {
        const [{ ms, handled }] = delays.splice(delay, 1) as [{ ms: number; handled: () => void }];
        setTimeout(() => {
          handle();
          handled();
        }, ms);
      } else handle();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    clients,
    accounts,
    datatables,
    failNext(status, pathStart) {
      faults.push({ status, pathStart });
    },
    delayNext(ms, pathStart) {
      return new Promise((handled) => delays.push({ ms, pathStart, handled }));
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
