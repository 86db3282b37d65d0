/**
 * The in-person ID provider (Canada Post's identity verification at a post office): it registers an
 * applicant's request under a number the post office scans from a barcode (the DSS number) and names the
 * post office nearest the applicant's home. The sandbox is the one implementation so far; a real adapter
 * implements this interface.
 */
import type { PostOffice } from '@omo/domain';
import type { LatLng } from '../../lib/geo.ts';
import type { ProviderFailure, ProviderResult } from '../result.ts';

export interface PostOfficeRequest {
  /** Our in-person ID request (one per applicant); asking again for the same id answers the same number. */
  requestId: string;
  /** The applicant's home, or null when its postal code has no known coordinates. */
  home: LatLng | null;
}

export interface PostOfficeAnswer {
  /** The request's number at the post office (printed under its Code 128 barcode). */
  dssNumber: string;
  /** The post office nearest the home with its distance in km; null when the home is unknown. */
  postOffice: PostOffice | null;
}

export type InPersonIdFailure = ProviderFailure<'unavailable'>;

/**
 * Canada Post's result of an in-person ID check at a post office (decision 0095: the shape omo assumes
 * until the provider's integration guide says otherwise): the request's DSS number, whether the ID
 * matched the application, and the ID seen.
 */
export interface InPersonIdResult {
  /** The notification's own id: the same result sent again carries the same one. */
  notificationId: string;
  dssNumber: string;
  result: 'verified' | 'notVerified';
  idType: 'driversLicence' | 'passport' | 'provincialPhotoId' | 'permanentResidentCard';
  idNumber: string;
  /** YYYY-MM-DD */
  expiry: string;
  issuingProvince: string;
  postOfficeName: string;
}

/** Unsigned or wrongly signed (unauthorized), or signed but not a result (malformed). */
export type InPersonIdNotificationFailure = ProviderFailure<'unauthorized' | 'malformed'>;

export interface InPersonIdProvider {
  readonly name: string;
  /** Registers the request and finds the nearest post office. */
  createPostOfficeRequest(
    request: PostOfficeRequest,
  ): Promise<ProviderResult<PostOfficeAnswer, InPersonIdFailure>>;
  /**
   * Reads a result notification: its signature checked over the raw bytes first, then its body.
   * @param signature the signature header as received, if any
   */
  readResultNotification(
    rawBody: Buffer,
    signature: string | undefined,
  ): ProviderResult<InPersonIdResult, InPersonIdNotificationFailure>;
}
