/**
 * ID in person, for an applicant whose identity could not be confirmed online (the inPerson outcome,
 * spec 001 §2.9): the branch nearest their home, and the post-office request (CanadaPostCreate) with its
 * Code 128 barcode and the nearest post office. The home is the home postal code's area (its FSA) on the
 * seeded postal geography. The request is the applicant's one id_verification_requests row (the decision
 * made it); creating the post-office record is a compare-and-set on it, so a retry, a reload or two racing
 * calls answer the same number and post office.
 */
import {
  decisionSeenBy,
  inPersonIdShowBy,
  type BranchLocation,
  type CanadaPostCreateResponse,
  type PostOffice,
} from '@omo/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { haversineKm, roundKm, type LatLng } from '../../lib/geo.ts';
import { HttpProblem } from '../../lib/http-problem.ts';
import type { InPersonIdProvider } from '../../providers/in-person-id/in-person-id.ts';
import { findApplicantContext, type ApplicantContext } from '../application/repository.ts';
import type { BranchService } from '../branches/service.ts';

/** The home postal code's area (FSA, e.g. 'M5V') of an applicant's address, if it has one. */
export function forwardSortationAreaOf(address: { postalCode?: string | undefined } | null): string | null {
  const compact = (address?.postalCode ?? '').replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]\d[A-Z]/.test(compact) ? compact.slice(0, 3) : null;
}

/** A Code 128 barcode of `text` as a PNG, base64 (the post office scans it; the page prints the number). */
async function code128Png(text: string): Promise<string> {
  // Loaded on the first barcode drawn: a start does not need it.
  const { default: bwipjs } = await import('bwip-js/node');
  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: 3,
    height: 12,
    paddingwidth: 10,
    paddingheight: 6,
    backgroundcolor: 'FFFFFF',
  });
  return png.toString('base64');
}

/** The applicant's home: the centre of their postal code's area, or null when unknown. */
async function homeOf(db: Database, context: ApplicantContext): Promise<LatLng | null> {
  const fsa = forwardSortationAreaOf(context.applicant.address);
  if (!fsa) return null;
  const row = await db
    .selectFrom('postal_geo')
    .select(['latitude', 'longitude'])
    .where('fsa', '=', fsa)
    .executeTakeFirst();
  return row ? { latitude: Number(row.latitude), longitude: Number(row.longitude) } : null;
}

/** The applicant's in-person ID request: the decision records it; should that have failed, it is now. */
async function ensureRequest(db: Database, applicantId: string): Promise<string> {
  await db
    .insertInto('id_verification_requests')
    .values({ id: sql<string>`gen_random_uuid()::text`, applicant_id: applicantId })
    .onConflict((oc) => oc.column('applicant_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('id_verification_requests')
    .select('id')
    .where('applicant_id', '=', applicantId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The applicant's post-office request, its record at the provider made once (a compare-and-set), with
 * the last day to show the ID (counted from the request).
 * @returns null when the provider cannot make it now
 */
async function postOfficeRequestOf(
  db: Database,
  provider: InPersonIdProvider,
  context: ApplicantContext,
): Promise<CanadaPostCreateResponse | null> {
  const applicantId = context.applicant.id;
  await ensureRequest(db, applicantId);
  const readRequest = () =>
    db
      .selectFrom('id_verification_requests')
      .select(['id', 'dss_number', 'post_office_id', 'created_at'])
      .where('applicant_id', '=', applicantId)
      .executeTakeFirstOrThrow();
  let request = await readRequest();
  const home = await homeOf(db, context);
  if (request.dss_number === null) {
    const answer = await provider.createPostOfficeRequest({ requestId: request.id, home });
    if (!answer.ok) return null;
    await db
      .updateTable('id_verification_requests')
      .set({ dss_number: answer.value.dssNumber, post_office_id: answer.value.postOffice?.id ?? null })
      .where('id', '=', request.id)
      .where('dss_number', 'is', null)
      .execute();
    request = await readRequest();
  }
  const barcodeText = request.dss_number!;
  let postOffice: PostOffice | null = null;
  if (request.post_office_id) {
    const row = await db
      .selectFrom('post_offices')
      .select('data')
      .where('id', '=', request.post_office_id)
      .executeTakeFirst();
    if (row) {
      const office = row.data as PostOffice;
      postOffice = home ? { ...office, distance: roundKm(haversineKm(home, office.address)) } : office;
    }
  }
  return {
    dssNumber: await code128Png(barcodeText),
    barcodeText,
    postOffice,
    showBy: inPersonIdShowBy(new Date(request.created_at)),
  };
}

/**
 * What the in-person ID e-mail carries for an applicant: the post-office request's barcode (PNG, base64),
 * its number and the last day; null when the applicant or the provider's record cannot be had now.
 */
export async function inPersonInstructionsOf(
  db: Database,
  provider: InPersonIdProvider,
  applicantId: string,
): Promise<{ barcodePng: string; barcodeText: string; showBy: string } | null> {
  const context = await findApplicantContext(db, applicantId);
  if (!context) return null;
  const request = await postOfficeRequestOf(db, provider, context);
  return (
    request && { barcodePng: request.dssNumber, barcodeText: request.barcodeText, showBy: request.showBy }
  );
}

interface InPersonIdServiceDeps {
  db: Database;
  provider: InPersonIdProvider;
  branches: BranchService;
}

export function createInPersonIdService({ db, provider, branches }: InPersonIdServiceDeps) {
  /** Only an applicant sent to ID in person has these pages. */
  function requireInPerson(context: ApplicantContext): void {
    // The decision as this applicant sees it (a co-applicant sees only the joint round's).
    const decision = decisionSeenBy(context.applicant.role, context.application.decision);
    if (decision?.state !== 'decided' || decision.outcome !== 'inPerson') {
      throw new HttpProblem(409, 'The application does not ask for ID in person.');
    }
  }

  return {
    /**
     * POST CreateIDVerificationRequest: the id of the applicant's in-person ID request (one per applicant).
     * @throws HttpProblem 409 when the application does not ask for ID in person
     */
    async createIdVerificationRequest(context: ApplicantContext): Promise<{ id: string }> {
      requireInPerson(context);
      return { id: await ensureRequest(db, context.applicant.id) };
    },

    /** The branch (not an ATM-only site) nearest the applicant's home, or null when the home is unknown. */
    async findNearestBranch(context: ApplicantContext): Promise<BranchLocation | null> {
      requireInPerson(context);
      const home = await homeOf(db, context);
      if (!home) return null;
      const nearest = await branches.listNearest(home, Number.MAX_SAFE_INTEGER);
      return nearest.find((b) => b.siteType !== 'ATM') ?? null;
    },

    /**
     * POST CanadaPostCreate: the applicant's post-office request, created once.
     * @throws HttpProblem 409 when the application does not ask for ID in person; 503 when the provider fails
     */
    async createPostOfficeRequest(context: ApplicantContext): Promise<CanadaPostCreateResponse> {
      requireInPerson(context);
      const request = await postOfficeRequestOf(db, provider, context);
      if (!request) throw new HttpProblem(503, 'The post-office request cannot be made right now.');
      return request;
    },
  };
}
