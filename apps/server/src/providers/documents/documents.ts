/**
 * The document-verification provider, shaped after Onfido's Studio workflow runs: a run is created for the
 * applicant with a link where they photograph their ID and take a selfie; the provider then notifies the
 * run's status (workflow_run.completed), signed with a shared token. Two implementations: the sandbox (a
 * capture page of our own, results by last name) and Onfido (onfido.ts), chosen in providers/index.ts.
 */
import type { IdentityImageProblem, IdentityImageSide } from '@omo/domain';
import type { Database } from '../../db/database.ts';
import type { ProviderFailure, ProviderResult } from '../result.ts';

/** Onfido's workflow-run statuses. */
export const WORKFLOW_RUN_STATUSES = [
  'processing',
  'awaiting_input',
  'awaiting_client_input',
  'approved',
  'declined',
  'review',
  'abandoned',
  'error',
] as const;
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];

export interface DocumentRun {
  id: string;
  status: WorkflowRunStatus;
  /** Where the applicant captures the documents. */
  captureUrl: string;
}

export interface CreateRunInput {
  /** Our applicant id. */
  applicantId: string;
  firstName: string;
  lastName: string;
  email: string;
  locale: 'en' | 'fr';
  /** Our page the provider sends the applicant back to (absolute). */
  returnUrl: string;
  /** The sandbox's own capture page (relative); the real provider hosts its own. */
  sandboxCaptureUrl: string;
}

/** A run's status as a notification reports it. */
export interface RunUpdate {
  runId: string;
  status: WorkflowRunStatus;
}

/** unauthorized: credentials or signature refused; invalidRequest: refused input; unavailable: no answer. */
export type DocumentFailureCode = 'unauthorized' | 'invalidRequest' | 'unavailable' | 'notFound';
export type DocumentFailure = ProviderFailure<DocumentFailureCode>;

export interface DocumentVerificationProvider {
  readonly name: 'sandbox' | 'onfido';
  /** Creates a workflow run for the applicant; answers it with its capture link. */
  createRun(input: CreateRunInput): Promise<ProviderResult<DocumentRun, DocumentFailure>>;
  /** Reads a run's current status. */
  getRun(runId: string): Promise<ProviderResult<RunUpdate, DocumentFailure>>;
  /**
   * Reads a notification: checks its signature over the raw body, then answers the run and its status.
   * @param signature the X-SHA2-Signature header
   */
  readNotification(
    rawBody: Buffer,
    signature: string | undefined,
  ): ProviderResult<RunUpdate, DocumentFailure>;
  /**
   * Deletes what omo keeps of the images captured for an application's applicants (it was decided), in
   * the caller's transaction.
   */
  deleteCaptures(db: Database, applicationId: string): Promise<void>;
}

/** The sandbox's own capture page (the identity module serves it only when the sandbox is chosen). */
export interface SandboxDocumentVerification extends DocumentVerificationProvider {
  readonly name: 'sandbox';
  /** Stores one captured image of a run, encrypted; refuses what is not an accepted image. */
  captureImage(
    runId: string,
    side: IdentityImageSide,
    bytes: Buffer,
    declaredType: string | undefined,
  ): Promise<ProviderResult<void, DocumentFailure | { code: IdentityImageProblem; message: string }>>;
  /** The sides already captured for a run. */
  capturedSides(runId: string): Promise<IdentityImageSide[]>;
  /** Submits the captured images and decides the run by the applicant's last name. */
  submitRun(runId: string, lastName: string): Promise<ProviderResult<RunUpdate[], DocumentFailure>>;
}

/** True for a status of Onfido's list. */
export function isWorkflowRunStatus(value: unknown): value is WorkflowRunStatus {
  return typeof value === 'string' && (WORKFLOW_RUN_STATUSES as readonly string[]).includes(value);
}

/** Reads an Onfido webhook payload about a workflow run (`payload.object.{id,status}`). */
export function runUpdateOfPayload(body: unknown): RunUpdate | undefined {
  const payload = (body as { payload?: Record<string, unknown> } | null)?.payload;
  if (!payload || payload.resource_type !== 'workflow_run') return undefined;
  const object = payload.object as { id?: unknown; status?: unknown } | undefined;
  if (typeof object?.id !== 'string' || !isWorkflowRunStatus(object.status)) return undefined;
  return { runId: object.id, status: object.status };
}
