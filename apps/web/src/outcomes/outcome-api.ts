/** The outcome pages' calls: accept the savings offer, and the in-person ID panels (branch, post office). */
import {
  APPLICATION_API_PATHS,
  type CanadaPostCreateResponse,
  type MembershipResponse,
  type NearestBranchResponse,
} from '@omo/domain';
import { apiRequest } from '../lib/api.ts';

/** POST AcceptSavingsOffer: opens the savings account offered instead; answers the new save response. */
export function acceptSavingsOffer(signal?: AbortSignal): Promise<MembershipResponse> {
  return apiRequest<MembershipResponse>(APPLICATION_API_PATHS.acceptSavingsOffer, {
    method: 'POST',
    body: {},
    signal,
  });
}

/** POST AnswerStaffQuestion: the applicant's answer to the credit union's question. */
export function answerStaffQuestion(answer: string, signal?: AbortSignal): Promise<{ answered: true }> {
  return apiRequest<{ answered: true }>(APPLICATION_API_PATHS.answerStaffQuestion, {
    method: 'POST',
    body: { answer },
    signal,
  });
}

/** POST CanadaPostCreate: the applicant's post-office request (created once), its barcode and post office. */
export function createPostOfficeRequest(
  applicantId: string,
  signal?: AbortSignal,
): Promise<CanadaPostCreateResponse> {
  return apiRequest<CanadaPostCreateResponse>(APPLICATION_API_PATHS.canadaPostCreate, {
    method: 'POST',
    query: { applicantId },
    signal,
  });
}

/** GET Application/NearestBranch: the branch nearest the applicant's home postal code. */
export function getNearestBranch(signal?: AbortSignal): Promise<NearestBranchResponse> {
  return apiRequest<NearestBranchResponse>(APPLICATION_API_PATHS.nearestBranch, { signal });
}
