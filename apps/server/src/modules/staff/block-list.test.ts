import { describe, expect, it } from 'vitest';
import { TestApplicant } from '../../testing/applicant.ts';
import { staffCall, useStaffTestApp } from '../../testing/staff.ts';
import { TEST_DATABASES } from '../../testing/test-app.ts';
import { matchNameOf } from './block-list.ts';

describe('matchNameOf', () => {
  it.each([
    ['Ada', 'Lovelace', 'ada lovelace'],
    [' ADA ', 'Lovélace', 'ada lovelace'],
    ['Zoë', "O'Brien  Smith", "zoe o'brien smith"],
  ])('%s %s → %s', (first, last, expected) => {
    expect(matchNameOf(first, last)).toBe(expected);
  });
});

describe.each(TEST_DATABASES)('the internal block list on $name', (database) => {
  const [t, rita, sophie, alex] = useStaffTestApp(database, ['rita', 'sophie', 'alex'], {
    env: { BLOCK_LIST: 'internal' },
  });

  /** The flags an applicant's submission answers. */
  async function submit(lastName = 'Lovelace') {
    const a = new TestApplicant(t.app, { productIds: ['2001'], lastName });
    await a.start();
    await a.completeUpTo('reviewConsent');
    const res = await a.submit();
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{
      showBlockListErrorScreen: boolean;
      primaryCustNo: string | null;
      applicationId: string;
    }>();
  }

  it('replaces the sandbox last-name rule: the Blocked persona is not blocked', async () => {
    const answer = await submit('Blocked');
    expect(answer.showBlockListErrorScreen).toBe(false);
  });

  it('blocks a person on the list (case and accents ignored) until a supervisor removes the entry; every change logged', async () => {
    const added = await staffCall(t, rita, 'POST', '/api/block-list', {
      firstName: 'ADA',
      lastName: 'Lovélace',
      birthDate: '1980-05-10',
      reason: 'Fraud report 2026-114',
    });
    expect(added.statusCode, added.body).toBe(200);
    const { id } = added.json<{ id: string }>();
    const list = await staffCall(t, alex, 'GET', '/api/block-list');
    expect(list.json()).toEqual({
      entries: [
        expect.objectContaining({
          id,
          firstName: 'ADA',
          lastName: 'Lovélace',
          birthDate: '1980-05-10',
          addedBy: 'Rita Tremblay',
        }),
      ],
    });

    const blocked = await submit();
    expect(blocked.showBlockListErrorScreen).toBe(true);
    const queue = await staffCall(t, rita, 'GET', '/api/queue?reason=blockListHit');
    expect(queue.json<{ rows: { applicationId: string }[] }>().rows.map((r) => r.applicationId)).toContain(
      blocked.applicationId,
    );

    expect(
      (await staffCall(t, alex, 'POST', '/api/block-list', { firstName: 'A', lastName: 'B', reason: 'Test' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await staffCall(t, rita, 'POST', `/api/block-list/${id}/remove`, { reason: 'Cleared' })).statusCode,
    ).toBe(403);
    const removed = await staffCall(t, sophie, 'POST', `/api/block-list/${id}/remove`, {
      reason: 'Cleared by the fraud team',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await staffCall(t, sophie, 'GET', '/api/block-list')).json()).toEqual({ entries: [] });

    const approved = await submit();
    expect(approved.showBlockListErrorScreen).toBe(false);
    expect(approved.primaryCustNo).toMatch(/^\d+$/);

    const log = await t.app.db
      .selectFrom('case_log')
      .select(['action', 'note', 'staff_name', 'application_id'])
      .where('action', 'in', ['blockListAdd', 'blockListRemove'])
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      {
        action: 'blockListAdd',
        note: 'Fraud report 2026-114',
        staff_name: 'Rita Tremblay',
        application_id: null,
      },
      {
        action: 'blockListRemove',
        note: 'Cleared by the fraud team',
        staff_name: 'Sophie Gagnon',
        application_id: null,
      },
    ]);
  }, 60_000);
});
