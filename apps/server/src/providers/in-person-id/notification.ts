/**
 * Canada Post's in-person ID result notification as omo reads it (decision 0095; Canada Post publishes no
 * API for it, so this is the shape omo assumes and asks the provider to send): a JSON body signed with
 * HMAC-SHA256 under the shared secret (CANADA_POST_NOTIFICATION_SECRET), the hex digest in the
 * X-CanadaPost-Signature header. The signature covers the raw bytes and is checked before the body is read.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ProviderResult } from '../result.ts';
import type { InPersonIdNotificationFailure, InPersonIdResult } from './in-person-id.ts';

export const CANADA_POST_SIGNATURE_HEADER = 'x-canadapost-signature';

/** The hex HMAC-SHA256 of `rawBody` under `secret` (what the provider puts in the header). */
export function signInPersonIdNotification(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

const resultSchema = z.object({
  notificationId: z.string().min(1).max(100),
  dssNumber: z.string().regex(/^[0-9A-Za-z-]{4,40}$/),
  result: z.enum(['verified', 'notVerified']),
  document: z.object({
    type: z.enum(['driversLicence', 'passport', 'provincialPhotoId', 'permanentResidentCard']),
    number: z.string().trim().min(4).max(30),
    expiry: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    issuingProvince: z.string().regex(/^[A-Z]{2}$/),
  }),
  postOffice: z.object({ name: z.string().trim().min(2).max(120) }),
});

/** Checks the signature (a missing secret verifies nothing), then reads the result. */
export function readInPersonIdNotification(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string | undefined,
): ProviderResult<InPersonIdResult, InPersonIdNotificationFailure> {
  const fail = (code: 'unauthorized' | 'malformed', message: string) =>
    ({ ok: false, failure: { code, message } }) as const;
  if (!secret || !signature || !/^[0-9a-f]{64}$/i.test(signature)) {
    return fail('unauthorized', 'The notification is not signed');
  }
  const expected = Buffer.from(signInPersonIdNotification(rawBody, secret), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    return fail('unauthorized', 'The notification signature does not match');
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return fail('malformed', 'The notification is not JSON');
  }
  const parsed = resultSchema.safeParse(body);
  if (!parsed.success) return fail('malformed', 'Not an in-person ID result');
  const { document, postOffice, ...rest } = parsed.data;
  return {
    ok: true,
    value: {
      ...rest,
      idType: document.type,
      idNumber: document.number,
      expiry: document.expiry,
      issuingProvince: document.issuingProvince,
      postOfficeName: postOffice.name,
    },
  };
}
