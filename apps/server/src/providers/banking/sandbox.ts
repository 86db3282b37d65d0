/**
 * The sandbox core banking, decided by the applicant's legal last name (the sandbox personas,
 * case-insensitive): Blocked is on the block list; Decline is refused; Offer is refused the requested
 * products and offered a savings account; Slow is approved once SANDBOX_SLOW_DECISION_SECONDS have passed
 * since the submission (the call waits until then, so a decision started again after a restart ends at
 * the same time); anyone else is approved. A joint membership takes either applicant's persona. Members and accounts are kept in our database: member numbers
 * from a sequence, one member per applicant, one account per product.
 */
import type { Database } from '../../db/database.ts';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import { membershipRequestSchema } from '@omo/domain';
import type { BankingProvider, MembershipAnswer, MembershipRequest } from './banking.ts';
import { createMemberRegistry } from './members.ts';

const persona = (lastName: string) => lastName.trim().toLowerCase();

/**
 * The sandbox core's check of a membership request: the domain contract, strictly (unknown fields, a
 * missing answer, contradicting answers refused). The message names the fields, never their values.
 */
export function checkMembershipRequest(request: unknown): { ok: true } | { ok: false; message: string } {
  const parsed = membershipRequestSchema.safeParse(request);
  if (parsed.success) return { ok: true };
  const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || '(request)'))];
  return { ok: false, message: `The membership request is not valid: ${fields.join(', ')}` };
}

export function createSandboxBanking(deps: {
  db: Database;
  clock: Clock;
  slowSeconds: number;
}): BankingProvider {
  const { db, clock, slowSeconds } = deps;
  // The members table is the real core's registry too: the existing-membership check is the same.
  const registry = createMemberRegistry(db);

  /** The member number of an applicant, made once (one statement: a retry touches the row and reads it). */
  async function memberOf(trx: Database, applicantId: string, email: string): Promise<string> {
    const member = await trx
      .insertInto('members')
      .values({
        member_number: sql<string>`nextval('member_number_seq')::text`,
        applicant_id: applicantId,
        email: email.toLowerCase(),
      })
      .onConflict((oc) =>
        oc.column('applicant_id').doUpdateSet({ applicant_id: (eb) => eb.ref('excluded.applicant_id') }),
      )
      .returning('member_number')
      .executeTakeFirstOrThrow();
    return member.member_number;
  }

  async function open(request: MembershipRequest): Promise<MembershipAnswer> {
    return db.transaction().execute(async (trx) => {
      const { primary } = request;
      const member = { member_number: await memberOf(trx, primary.applicantId, primary.contact.email1) };
      const joint = request.jointHolder;
      const jointMemberNumber = joint
        ? await memberOf(trx, joint.applicantId, joint.contact.email1)
        : undefined;
      const productIds = request.products.map((p) => p.productId);
      // Each account made once, in one statement: a retry touches the rows and reads their numbers.
      const accounts = await trx
        .insertInto('accounts')
        .values(
          [...new Set(productIds)].map((productId) => ({
            account_number: sql<string>`nextval('account_number_seq')::text`,
            member_number: member.member_number,
            product_id: productId,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['member_number', 'product_id'])
            .doUpdateSet({ product_id: (eb) => eb.ref('excluded.product_id') }),
        )
        .returning(['product_id', 'account_number'])
        .execute();
      return {
        status: 'approved' as const,
        memberNumber: member.member_number,
        ...(jointMemberNumber ? { jointMemberNumber } : {}),
        accounts: productIds.map((productId) => ({
          productId,
          accountNumber: accounts.find((a) => a.product_id === productId)?.account_number ?? '',
        })),
      };
    });
  }

  return {
    name: 'sandbox',
    async isBlockListed(person) {
      return { ok: true, value: persona(person.lastName) === 'blocked' };
    },
    async hasMembership(email, exceptApplicantId) {
      return { ok: true, value: await registry.hasEmail(email, exceptApplicantId) };
    },
    async openMembership(request) {
      // A strict core: a request that is not the contract is refused, as a real core refuses it.
      const checked = checkMembershipRequest(request);
      if (!checked.ok) return { ok: false, failure: { code: 'rejected', message: checked.message } };
      const personas = [request.primary, request.jointHolder].map((p) => p && persona(p.lastName));
      if (personas.includes('decline')) return { ok: true, value: { status: 'declined' } };
      if (personas.includes('offer') && !request.isSavingsOffer) {
        return { ok: true, value: { status: 'savingsOffer' } };
      }
      if (personas.includes('slow')) {
        const readyAt = Date.parse(request.submittedAt) + slowSeconds * 1000;
        const wait = readyAt - clock.now().getTime();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      return { ok: true, value: await open(request) };
    },
  };
}
