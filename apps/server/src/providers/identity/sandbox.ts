/**
 * The sandbox identity provider: no network, decided by the applicant's legal last name (the sandbox
 * personas, case-insensitive): Review and Docreview ask for documents (pending_step_up), Fallback cannot be confirmed
 * online (Manual Review), anyone else is approved. It answers through the same reading of a journey
 * application as the real adapter.
 */
import { randomBytes } from 'node:crypto';
import {
  decisionOfJourneyApplication,
  type IdentityEvaluation,
  type IdentityProfile,
  type IdentityProvider,
} from './identity.ts';

/** The journey application Alloy would answer for a profile in the sandbox. */
export function sandboxJourneyApplication(
  profile: Pick<IdentityProfile, 'nameLast'>,
): Record<string, unknown> {
  const token = `JA-${randomBytes(10).toString('hex')}`;
  switch (profile.nameLast.trim().toLowerCase()) {
    case 'review':
    case 'docreview':
      return { journey_application_token: token, status: 'pending_step_up', complete_outcome: null };
    case 'fallback':
      return { journey_application_token: token, status: 'completed', complete_outcome: 'Manual Review' };
    default:
      return { journey_application_token: token, status: 'completed', complete_outcome: 'Approved' };
  }
}

export function createSandboxIdentity(): IdentityProvider {
  return {
    name: 'sandbox',
    async evaluate(profile) {
      const evaluation = decisionOfJourneyApplication(sandboxJourneyApplication(profile));
      return { ok: true, value: evaluation as IdentityEvaluation };
    },
  };
}
