/**
 * The SMTP server down or stalled: the e-mail job fails within the partner timeout, says so once per try
 * at warn (partner, operation, kind; never the address), and the delivery stays recorded, unsent, for the
 * job's next try: nothing is lost.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { closedPortUrl } from '../testing/faulty-http.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../testing/test-app.ts';
import { eventually, logCapture } from './log-capture.ts';

/** An SMTP server that accepts connections and never says hello. */
async function stalledSmtp(): Promise<{ url: string; server: Server; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, server, sockets };
}

describe('the SMTP server failing', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it.each([
    ['down (closed port)', 'ESOCKET'],
    ['stalled (no greeting)', 'ETIMEDOUT'],
  ])('%s: the try fails fast, is logged once at warn, and the e-mail stays due', async (_name, kind) => {
    let smtpUrl: string;
    if (kind === 'ESOCKET') {
      smtpUrl = (await closedPortUrl()).replace('http', 'smtp');
    } else {
      const stalled = await stalledSmtp();
      smtpUrl = stalled.url;
      closers.push(async () => {
        for (const s of stalled.sockets) s.destroy();
        await new Promise((resolve) => stalled.server.close(resolve));
      });
    }
    const log = logCapture();
    const t: TestApp = await buildTestApp(TEST_DATABASES[0]!, {
      logStream: log.stream,
      env: {
        LOG_LEVEL: 'info',
        SMTP_URL: smtpUrl,
        PARTNER_TIMEOUT_SECONDS: '0.3',
        JOB_POLL_SECONDS: '0.5',
        JOB_RETRY_SECONDS: '60',
      },
    });
    closers.push(() => t.close());
    await t.app.db.transaction().execute((trx) =>
      t.app.mail.queue(trx, {
        key: `fault-${kind}`,
        applicantId: null,
        to: 'grace.hopper@example.com',
        template: 'existingMember',
        language: 'en',
        params: { firstName: 'Grace', refNo: 'ABCD2345-01' },
      }),
    );
    await log.waitFor((l) => l.msg === 'partner call failed' && l.partner === 'mail');
    const warnings = log.lines.filter((l) => l.msg === 'partner call failed');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, partner: 'mail', operation: 'send', kind });
    expect(JSON.stringify(log.lines)).not.toContain('grace.hopper');
    await eventually(async () => {
      const row = await t.app.db
        .selectFrom('email_deliveries')
        .select(['sent_at'])
        .where('key', '=', `fault-${kind}`)
        .executeTakeFirst();
      return row !== undefined && row.sent_at === null;
    });
  });
});
