import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';

describe.each(TEST_DATABASES)('heartbeat on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, { env: { BUILD_NUMBER: '2024.11.3' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 200 with a plain-text status object', async () => {
    const res = await t.app.inject('/api/heartbeat');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const status = JSON.parse(res.body) as Record<string, string>;
    expect(status).toMatchObject({ status: 'Healthy', database: 'Healthy', version: '2024.11.3' });
    expect(Number.isNaN(Date.parse(status.time!))).toBe(false);
  });
});
