/**
 * The sandbox in-person ID provider: no network. The DSS number is the request's own number made of its
 * id (16 digits, the same for the same request), and the nearest post office comes from the seeded
 * post offices (data/post-offices.json). Its results arrive as Canada Post's would: signed notifications
 * (notification.ts), which a test or an operator signs with the configured secret.
 */
import { createHash } from 'node:crypto';
import type { PostOffice } from '@omo/domain';
import type { Database } from '../../db/database.ts';
import { haversineKm, roundKm } from '../../lib/geo.ts';
import type { InPersonIdProvider } from './in-person-id.ts';
import { readInPersonIdNotification } from './notification.ts';

/** 16 digits made of the request id: stable for a request, unlikely to repeat across requests. */
function sandboxDssNumber(requestId: string): string {
  const digest = createHash('sha256').update(`dss:${requestId}`).digest();
  return Array.from(digest.subarray(0, 16), (byte) => String(byte % 10)).join('');
}

export function createSandboxInPersonId(
  db: Database,
  options: { notificationSecret?: string | undefined } = {},
): InPersonIdProvider {
  return {
    name: 'sandbox',
    readResultNotification(rawBody, signature) {
      return readInPersonIdNotification(rawBody, signature, options.notificationSecret);
    },
    async createPostOfficeRequest({ requestId, home }) {
      let postOffice: PostOffice | null = null;
      if (home) {
        const rows = await db.selectFrom('post_offices').select('data').execute();
        for (const row of rows) {
          const office = row.data as PostOffice;
          const distance = roundKm(haversineKm(home, office.address));
          if (!postOffice || distance < (postOffice.distance ?? Infinity))
            postOffice = { ...office, distance };
        }
      }
      return { ok: true, value: { dssNumber: sandboxDssNumber(requestId), postOffice } };
    },
  };
}
