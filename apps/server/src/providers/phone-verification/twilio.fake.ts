/**
 * A local fake of Twilio Verify v2 for the adapter's tests: node:http on 127.0.0.1 (random port). It
 * checks HTTP Basic auth, the form encoding and the fields, and answers Twilio's shapes: a Verification
 * resource, or the error JSON `{code, message, more_info, status}`. Behaviour copied from §2.2–2.5: the
 * same code on resend while pending, 5 sends (60203) and 5 checks (60202), wrong code → 'pending',
 * approved verifications are gone (20404). `failNext` injects any vendor error.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeTwilioOptions {
  accountSid: string;
  authToken: string;
  serviceSid: string;
}

interface FakeVerification {
  sid: string;
  to: string;
  channel: string;
  locale: string;
  code: string;
  status: string;
  sends: number;
  checks: number;
}

export interface FakeTwilioRequest {
  method: string;
  path: string;
  form: Record<string, string>;
}

export interface FakeTwilio {
  baseUrl: string;
  requests: FakeTwilioRequest[];
  /** The texts sent through Messaging (to, body). */
  messages: { to: string; body: string }[];
  /** The code of the pending verification for a number (what the phone received). */
  codeFor(to: string): string | undefined;
  /** The next request answers this error. */
  failNext(status: number, code: number, message: string): void;
  close(): Promise<void>;
}

const E164 = /^\+[1-9][0-9]{7,14}$/;

export async function startFakeTwilio(options: FakeTwilioOptions): Promise<FakeTwilio> {
  const verifications = new Map<string, FakeVerification>();
  const requests: FakeTwilioRequest[] = [];
  const messages: { to: string; body: string }[] = [];
  let injected: { status: number; code: number; message: string } | undefined;
  const expectedAuth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;

  const sendJson = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const sendError = (res: ServerResponse, status: number, code: number, message: string) =>
    sendJson(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
  const resource = (v: FakeVerification) => ({
    sid: v.sid,
    service_sid: options.serviceSid,
    account_sid: options.accountSid,
    to: v.to,
    channel: v.channel,
    status: v.status,
    valid: v.status === 'approved',
    lookup: { carrier: null },
    send_code_attempts: Array.from({ length: v.sends }, () => ({ channel: v.channel })),
    date_created: new Date().toISOString(),
    date_updated: new Date().toISOString(),
    url: `https://verify.twilio.com/v2/Services/${options.serviceSid}/Verifications/${v.sid}`,
  });
  const pendingFor = (to: string) =>
    [...verifications.values()].find((v) => v.to === to && v.status === 'pending');

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const form = Object.fromEntries(new URLSearchParams(raw));
    requests.push({ method: req.method ?? '', path, form });
    if (req.headers.authorization !== expectedAuth) return sendError(res, 401, 20003, 'Authenticate');
    if (injected) {
      const e = injected;
      injected = undefined;
      return sendError(res, e.status, e.code, e.message);
    }
    if (req.method !== 'POST') return sendError(res, 405, 20004, 'Method not allowed');
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return sendError(res, 400, 60200, 'Invalid parameter');
    }
    // Messaging (a text of our own): a Messaging Service's SID, a number in E.164, a body.
    if (path === `/2010-04-01/Accounts/${options.accountSid}/Messages.json`) {
      const to = form.To ?? '';
      if (!E164.test(to)) return sendError(res, 400, 21211, "The 'To' number is not a valid phone number.");
      if (!/^MG[0-9a-f]{32}$/.test(form.MessagingServiceSid ?? '') || !form.Body) {
        return sendError(res, 400, 21701, 'The Messaging Service SID or the body is missing.');
      }
      messages.push({ to, body: form.Body });
      return sendJson(res, 201, { sid: `SM${randomBytes(16).toString('hex')}`, to, status: 'accepted' });
    }
    const base = `/v2/Services/${options.serviceSid}`;
    if (path === `${base}/Verifications`) {
      const to = form.To ?? '';
      const channel = form.Channel ?? '';
      if (!E164.test(to)) return sendError(res, 400, 60200, 'Invalid parameter `To`');
      if (!['sms', 'call', 'email', 'whatsapp', 'sna'].includes(channel)) {
        return sendError(res, 400, 60200, 'Invalid parameter `Channel`');
      }
      const pending = pendingFor(to);
      if (pending) {
        if (pending.sends >= 5) return sendError(res, 429, 60203, 'Max send attempts reached');
        pending.sends += 1;
        pending.channel = channel;
        return sendJson(res, 201, resource(pending));
      }
      const v: FakeVerification = {
        sid: `VE${randomBytes(16).toString('hex')}`,
        to,
        channel,
        locale: form.Locale ?? 'en',
        code: String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0'),
        status: 'pending',
        sends: 1,
        checks: 0,
      };
      verifications.set(v.sid, v);
      return sendJson(res, 201, resource(v));
    }
    if (path === `${base}/VerificationCheck`) {
      const code = form.Code ?? '';
      if (!/^[0-9]{4,10}$/.test(code)) return sendError(res, 400, 60200, 'Invalid parameter: Code');
      const v = form.VerificationSid ? verifications.get(form.VerificationSid) : pendingFor(form.To ?? '');
      if (!form.VerificationSid && !form.To) return sendError(res, 400, 60200, 'Invalid parameter: To');
      if (!v || v.status !== 'pending') {
        return sendError(res, 404, 20404, 'The requested resource was not found');
      }
      if (v.checks >= 5) return sendError(res, 429, 60202, 'Max check attempts reached');
      v.checks += 1;
      if (code === v.code) {
        v.status = 'approved';
        const answer = resource(v);
        verifications.delete(v.sid);
        return sendJson(res, 200, answer);
      }
      return sendJson(res, 200, resource(v));
    }
    return sendError(res, 404, 20404, 'The requested resource was not found');
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    messages,
    codeFor: (to) => pendingFor(to)?.code,
    failNext(status, code, message) {
      injected = { status, code, message };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
