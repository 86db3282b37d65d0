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

  /**
   * Opens the members and the primary's accounts in one statement (atomic, one round trip): a member per
   * applicant and an account per product, each made once; a retry touches the rows and reads their numbers.
   */
  async function open(request: MembershipRequest): Promise<MembershipAnswer> {
    const { primary } = request;
    const joint = request.jointHolder;
    const productIds = request.products.map((p) => p.productId);
    const member = (applicantId: string, email: string) => sql`
      insert into members (member_number, applicant_id, email)
      values (nextval('member_number_seq')::text, ${applicantId}, ${email.toLowerCase()})
      on conflict (applicant_id) do update set applicant_id = excluded.applicant_id
      returning member_number`;
    const products = sql.join([...new Set(productIds)].map((id) => sql`(${id}::text)`));
    const { rows } = await sql<{
      product_id: string;
      account_number: string;
      member_number: string;
      joint_member_number: string | null;
    }>`
      with m as (${member(primary.applicantId, primary.contact.email1)}),
      j as (${joint ? member(joint.applicantId, joint.contact.email1) : sql`select null::text as member_number`}),
      a as (
        insert into accounts (account_number, member_number, product_id)
        select nextval('account_number_seq')::text, m.member_number, p.product_id
        from m cross join (values ${products}) as p(product_id)
        on conflict (member_number, product_id) do update set product_id = excluded.product_id
        returning product_id, account_number, member_number
      )
      select a.product_id, a.account_number, a.member_number, (select member_number from j) as joint_member_number
      from a
    `.execute(db);
    const first = rows[0];
    if (!first) throw new Error('The sandbox core opened no account');
    return {
      status: 'approved' as const,
      memberNumber: first.member_number,
      ...(first.joint_member_number ? { jointMemberNumber: first.joint_member_number } : {}),
      accounts: productIds.map((productId) => ({
        productId,
        accountNumber: rows.find((a) => a.product_id === productId)?.account_number ?? '',
      })),
    };
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
