import { PRODUCT_LIST_GROUPS } from '@omo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';
import { createOutboxRepository } from '../outbox/repository.ts';

describe.each(TEST_DATABASES)('dev routes on $name (non-production)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  it('groups the products and links for /productlist in the spec order', async () => {
    const res = await t.app.inject('/api/dev/productlist');
    expect(res.statusCode).toBe(200);
    const { groups } = res.json<{
      groups: { name: string; links: { label: string; productIds: string[] }[] }[];
    }>();
    expect(groups.map((g) => g.name)).toEqual(PRODUCT_LIST_GROUPS);
    const byName = Object.fromEntries(groups.map((g) => [g.name, g.links]));
    expect(byName.Chequing).toEqual([
      { label: 'Test Chequing', labelFr: 'Test Chequing (fr)', productIds: ['2001'] },
    ]);
    expect(byName.Bundles).toEqual([
      { label: 'Test Chequing + Test Savings', labelFr: 'Chèques + Épargne', productIds: ['2001', '2002'] },
    ]);
    expect(byName.Sweeps![0]).toMatchObject({ productIds: ['2001'], sweep: true });
    expect(byName['GIC Advantage']![0]).toMatchObject({ productIds: ['2003'], prm: 'PromoGIC' });
  });

  it('answers the outbox newest first', async () => {
    const outbox = createOutboxRepository(t.app.db);
    await outbox.create({ channel: 'sms', to: '+14165550123', body: 'Your code is 123456' });
    await outbox.create({ channel: 'email', to: 'a@example.com', subject: 'Welcome', body: 'Hello' });
    const res = await t.app.inject('/api/dev/outbox');
    expect(res.statusCode).toBe(200);
    const items =
      res.json<{ id: string; channel: string; to: string; subject: string | null; sentAt: string }[]>();
    expect(items.map((i) => i.channel)).toEqual(['email', 'sms']);
    expect(items[0]).toMatchObject({ to: 'a@example.com', subject: 'Welcome', body: 'Hello' });
    expect(items[1]).toMatchObject({ subject: null });
    expect(Number.isNaN(Date.parse(items[0]!.sentAt))).toBe(false);
  });

  it('runs the reminders sweep now, answering what it sent', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/reminders/sweep' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reminded: 0, noticed: 0 });
  });
});
