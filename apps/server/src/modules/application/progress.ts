/**
 * Reads what the domain derives from an applicant's saved answers: the facts their rules depend on (the
 * application's products, today), the answers in the domain's shape and the progress (what is complete,
 * what may be visited, what comes next). Shared by the application, phone and identity services.
 */
import {
  deriveProgress,
  FLOWS,
  sinDigits,
  type ApplicantAnswers,
  type ApplicantFacts,
  type FlowProgress,
  type ProductOffering,
} from '@omo/domain';
import type { Database } from '../../db/database.ts';
import type { SinCipher } from '../../lib/crypto.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import {
  getSinCiphertext,
  type ApplicantContext,
  type ApplicantRecord,
  type ApplicationRecord,
} from './repository.ts';

/** The flow of an applicant: the primary's single flow, the co-applicant's joint flow. */
export function flowOf(applicant: Pick<ApplicantRecord, 'role'>) {
  return FLOWS[applicant.role === 'joint' ? 'joint' : 'single'];
}

export interface ProgressRead {
  products: ProductOffering[];
  facts: ApplicantFacts;
  answers: ApplicantAnswers;
  progress: FlowProgress;
}

export interface ProgressReaderDeps {
  db: Database;
  catalogue: Pick<CatalogueService, 'listProducts'>;
  sinCipher: SinCipher;
  now: () => Date;
}

export function createProgressReader(deps: ProgressReaderDeps) {
  const { db, catalogue, sinCipher, now } = deps;

  /** The application's products, in the order they were chosen (unknown ids left out). */
  async function productsOf(application: Pick<ApplicationRecord, 'productIds'>): Promise<ProductOffering[]> {
    const byId = new Map((await catalogue.listProducts()).map((p) => [p.productID, p]));
    return application.productIds.flatMap((id) => {
      const product = byId.get(id);
      return product ? [product] : [];
    });
  }

  /** The applicant's SIN digits, when one is stored (read through `executor`: a transaction's own). */
  async function sinOf(applicant: ApplicantRecord, executor: Database = db): Promise<string | null> {
    if (!applicant.sinProvided) return null;
    const sealed = await getSinCiphertext(executor, applicant.id);
    return sealed ? sinDigits(sinCipher.decrypt(sealed, applicant.id)) : null;
  }

  /**
   * Derives the progress from a context whose products and SIN digits are known (no query): after a save,
   * from the context its transaction read back.
   */
  function readKnown(
    { application, applicant }: ApplicantContext,
    products: ProductOffering[],
    digits: string | null,
  ): ProgressRead {
    const flow = flowOf(applicant);
    const facts: ApplicantFacts = {
      flowKind: flow.kind,
      products,
      email: applicant.email,
      sweepEnabled: application.sweepEnabled,
      today: now(),
    };
    const answers: ApplicantAnswers = {
      personalInfo: applicant.personalInfo,
      phone: {
        isStarted: applicant.phoneState.status !== 'none',
        isClosed: applicant.phoneVerified !== null,
      },
      address: applicant.address,
      products: application.productChoice,
      sin: applicant.sinSkipped ? { isSkipped: true } : digits ? { isSkipped: false, digits } : null,
      accountUsage: application.accountUsage,
      identity: applicant.identity.status,
      legalTerms: applicant.legalTerms,
      reviewConsent: applicant.reviewConsent,
      termsAccepted: applicant.termsAccepted,
      steps: applicant.answers,
    };
    return { products, facts, answers, progress: deriveProgress(flow, answers, facts) };
  }

  /** Reads the products and the SIN (one query and one decryption when a SIN is stored), then derives. */
  async function read(context: ApplicantContext): Promise<ProgressRead> {
    const products = await productsOf(context.application);
    return readKnown(context, products, await sinOf(context.applicant));
  }

  return { read, readKnown, productsOf, sinOf };
}

export type ProgressReader = ReturnType<typeof createProgressReader>;
