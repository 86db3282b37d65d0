/**
 * The composition of the applicant's services, shared by several route modules: the progress reader, the
 * lifecycle guard, the identity service, the phone verification and the application service. It lives outside both modules so that
 * the application module does not import the identity module (the identity module reads the application's
 * records and progress; the application's saves reach identity through `IdentityHooks`), nor the joint module
 * (which reads the application's records; the co-applicant's profile reaches it through `JointHooks`).
 */
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { createLifecycle, type Lifecycle } from '../modules/application/lifecycle.ts';
import { createProgressReader } from '../modules/application/progress.ts';
import { createApplicationService, type ApplicationService } from '../modules/application/service.ts';
import { createIdentityService, type IdentityService } from '../modules/identity/service.ts';
import { admitCoApplicant } from '../modules/joint/service.ts';
import {
  createPhoneVerificationService,
  type PhoneVerificationService,
} from '../modules/phone-verification/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    applications: ApplicationService;
    identity: IdentityService;
    lifecycle: Lifecycle;
    phoneVerification: PhoneVerificationService;
  }
}

/** Decorates the app with the application and identity services. */
export const applicantServicesPlugin = fp(
  async (app, { config }: { config: AppConfig }) => {
    const progress = createProgressReader({
      db: app.db,
      catalogue: app.catalogue,
      sinCipher: app.ciphers.sin,
      now: () => app.providers.clock.now(),
    });
    const lifecycle = createLifecycle({ db: app.db });
    app.decorate('lifecycle', lifecycle);
    const identity = createIdentityService({
      db: app.db,
      progress,
      identity: app.providers.identity,
      documents: app.providers.documents,
      clock: app.providers.clock,
      digests: app.ciphers.digests,
      lifecycle,
      config,
      // An identity check the provider did not answer is retried by a job (modules/identity/retry.ts).
      jobs: app.jobs,
    });
    app.decorate('identity', identity);
    const phoneVerification = createPhoneVerificationService({
      db: app.db,
      provider: app.providers.phoneVerification,
      clock: app.providers.clock,
      limits: {
        perIpPerHour: config.phoneSendLimitPerIpPerHour,
        perNumberPerHour: config.phoneSendLimitPerNumberPerHour,
        perApplicantPerHour: config.phoneSendLimitPerApplicantPerHour,
      },
      lifecycle,
      readProgress: (context) => progress.read(context),
      viewOf: (context) => applications.view(context),
    });
    app.decorate('phoneVerification', phoneVerification);
    const applications = createApplicationService({
      db: app.db,
      catalogue: app.catalogue,
      sinCipher: app.ciphers.sin,
      identity,
      joint: { admitCoApplicant },
      lifecycle,
      progress,
      // Personal information's save sends the code as Start does (the same service, limits and ceilings).
      phone: {
        sendCode: (context, channel, { ip, language, log }) =>
          phoneVerification.sendOnSave(context, { channel, locale: language, ip, log }),
      },
      config,
    });
    app.decorate('applications', applications);
  },
  { name: 'application-service', dependencies: ['database', 'catalogue-service', 'ciphers', 'providers'] },
);
