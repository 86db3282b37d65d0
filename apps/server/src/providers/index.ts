/**
 * The one place that chooses each partner adapter from the configuration (sandbox by default, the real
 * HTTP adapter when configured) and decorates the app with them as `app.providers`. Needs the database
 * (the sandboxes use it), so it is registered after the database plugin. `app.providers.clock` is the
 * clock of the sandboxes and of the services using them; tests move it.
 */
import fp from 'fastify-plugin';
import { ConfigError, missingProviderCredentials, type AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { AddressLookupProvider } from './address-lookup/address-lookup.ts';
import type { BankingProvider } from './banking/banking.ts';
import { createFineractBanking, loadFineractMapping } from './banking/fineract.ts';
import { createMemberRegistry } from './banking/members.ts';
import { createSandboxBanking } from './banking/sandbox.ts';
import { createOpenSanctionsScreening } from './screening/opensanctions.ts';
import { createSandboxScreening } from './screening/sandbox.ts';
import type { ScreeningProvider } from './screening/screening.ts';
import { createCanadaPostAddressLookup } from './address-lookup/canada-post.ts';
import { createSandboxAddressLookup } from './address-lookup/sandbox.ts';
import type { BytesCipher } from '../lib/crypto.ts';
import { createSystemClock, type Clock } from './clock.ts';
import { withFailureLog } from './failure-log.ts';
import type { DocumentVerificationProvider } from './documents/documents.ts';
import { createOnfidoDocumentVerification } from './documents/onfido.ts';
import { createSandboxDocumentVerification } from './documents/sandbox.ts';
import { createAlloyIdentity } from './identity/alloy.ts';
import type { IdentityProvider } from './identity/identity.ts';
import type { InPersonIdProvider } from './in-person-id/in-person-id.ts';
import { createSandboxInPersonId } from './in-person-id/sandbox.ts';
import { createSandboxIdentity } from './identity/sandbox.ts';
import { observeCalls, type PartnerCall } from './result.ts';
import type { PhoneVerificationProvider } from './phone-verification/phone-verification.ts';
import { createSandboxPhoneVerification, type SandboxOutbox } from './phone-verification/sandbox.ts';
import { createTwilioPhoneVerification } from './phone-verification/twilio.ts';

interface Providers {
  phoneVerification: PhoneVerificationProvider;
  addressLookup: AddressLookupProvider;
  identity: IdentityProvider;
  documents: DocumentVerificationProvider;
  banking: BankingProvider;
  screening: ScreeningProvider;
  inPersonId: InPersonIdProvider;
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    providers: Providers;
  }
}

/** A partner's credentials when it is the one chosen and each is set; undefined means its sandbox. */
function credentialsIfChosen<T extends Record<string, string | undefined>>(
  chosen: boolean,
  credentials: T,
): { [K in keyof T]: string } | undefined {
  return chosen && Object.values(credentials).every(Boolean)
    ? (credentials as { [K in keyof T]: string })
    : undefined;
}

/**
 * Builds the providers the configuration names; `outbox` is where the sandboxes write what they "send".
 * @throws ConfigError when a selected real provider lacks its credentials (the server refuses to start).
 */
export function createProviders(
  config: AppConfig,
  db: Database,
  ciphers: { documents: BytesCipher; sandboxSecret: Buffer },
  outbox: SandboxOutbox,
  clock: Clock = createSystemClock(),
): Providers {
  const missing = missingProviderCredentials(config);
  if (missing.length > 0) {
    throw new ConfigError(
      `The selected real providers need their credentials; missing: ${missing.join(', ')}.`,
    );
  }
  let phoneVerification: PhoneVerificationProvider;
  const { accountSid, authToken, serviceSid } = config.twilio;
  if (config.phoneVerificationProvider === 'twilio' && accountSid && authToken && serviceSid) {
    phoneVerification = createTwilioPhoneVerification({
      baseUrl: config.twilio.baseUrl,
      accountSid,
      authToken,
      serviceSid,
      messagingBaseUrl: config.twilio.messagingBaseUrl,
      ...(config.twilio.messagingServiceSid
        ? { messagingServiceSid: config.twilio.messagingServiceSid }
        : {}),
      timeoutMs: config.partnerTimeoutMs,
    });
  } else {
    phoneVerification = createSandboxPhoneVerification({
      db,
      outbox,
      clock,
      // The same in every process of the product: a code sent by one is checked by another.
      secret: config.sessionSecret ?? ciphers.sandboxSecret.toString('hex'),
      institutionName: config.institutionName,
    });
  }

  let addressLookup: AddressLookupProvider;
  if (config.addressLookupProvider === 'canadapost' && config.canadaPost.key) {
    addressLookup = createCanadaPostAddressLookup({
      baseUrl: config.canadaPost.baseUrl,
      key: config.canadaPost.key,
      timeoutMs: config.partnerTimeoutMs,
    });
  } else {
    addressLookup = createSandboxAddressLookup(db);
  }

  const alloy = credentialsIfChosen(config.identityProvider === 'alloy', {
    journeyToken: config.alloy.journeyToken,
    workflowToken: config.alloy.workflowToken,
    workflowSecret: config.alloy.workflowSecret,
  });
  const identity = alloy
    ? createAlloyIdentity({ baseUrl: config.alloy.baseUrl, ...alloy, timeoutMs: config.partnerTimeoutMs })
    : createSandboxIdentity();

  const onfido = credentialsIfChosen(config.documentVerificationProvider === 'onfido', {
    apiToken: config.onfido.apiToken,
    workflowId: config.onfido.workflowId,
    webhookToken: config.onfido.webhookToken,
  });
  const documents = onfido
    ? createOnfidoDocumentVerification({
        baseUrl: config.onfido.baseUrl,
        ...onfido,
        timeoutMs: config.partnerTimeoutMs,
      })
    : createSandboxDocumentVerification({ db, cipher: ciphers.documents, clock });

  const { fineract } = config;
  const banking =
    config.coreBanking.provider === 'fineract' && fineract.baseUrl && fineract.username && fineract.password
      ? createFineractBanking({
          baseUrl: fineract.baseUrl,
          tenant: fineract.tenant,
          username: fineract.username,
          password: fineract.password,
          mapping: loadFineractMapping(fineract.mappingFile),
          sendSin: fineract.sendSin,
          members: createMemberRegistry(db),
          timeoutMs: config.partnerTimeoutMs,
        })
      : createSandboxBanking({ db, clock, slowSeconds: config.decision.sandboxSlowSeconds });

  const { apiKey } = config.screening;
  const screening =
    config.screening.provider === 'opensanctions' && apiKey
      ? createOpenSanctionsScreening({
          baseUrl: config.screening.baseUrl,
          apiKey,
          timeoutMs: config.partnerTimeoutMs,
        })
      : createSandboxScreening();

  const inPersonId = createSandboxInPersonId(db, {
    notificationSecret: config.canadaPost.notificationSecret,
  });

  return { phoneVerification, addressLookup, identity, documents, banking, screening, inPersonId, clock };
}

/** The providers with each partner's calls counted and timed (the clock is no partner's). */
function observeProviders(providers: Providers, observe: (call: PartnerCall) => void): Providers {
  const { clock, ...partners } = providers;
  const observed = Object.fromEntries(
    Object.entries(partners).map(([name, provider]) => [name, observeCalls(name, provider, observe)]),
  ) as Omit<Providers, 'clock'>;
  return { ...observed, clock };
}

/** The credit union's own block list (kept in the back office): is this person on it? */
export type InternalBlockList = (
  db: Database,
  person: Parameters<BankingProvider['isBlockListed']>[0],
) => Promise<boolean>;

export default fp<{
  config: AppConfig;
  outboxOf: (db: Database) => SandboxOutbox;
  internalBlockList: InternalBlockList;
}>(
  async (app, { config, outboxOf, internalBlockList }) => {
    const created = createProviders(config, app.db, app.ciphers, outboxOf(app.db));
    // BLOCK_LIST=internal: the credit union's own list, kept in the back office, instead of the core's.
    const built: Providers =
      config.blockList === 'internal'
        ? {
            ...created,
            banking: {
              ...created.banking,
              isBlockListed: async (person) => ({ ok: true, value: await internalBlockList(app.db, person) }),
            },
          }
        : created;
    // Each call is counted in the metrics, and each partner's failures logged once (providers/failure-log.ts).
    const providers: Providers = observeProviders(
      {
        ...built,
        phoneVerification: withFailureLog(built.phoneVerification, 'phoneVerification', app.log),
        addressLookup: withFailureLog(built.addressLookup, 'addressLookup', app.log),
        identity: withFailureLog(built.identity, 'identity', app.log),
        documents: withFailureLog(built.documents, 'documents', app.log),
        inPersonId: withFailureLog(built.inPersonId, 'inPersonId', app.log),
        banking: withFailureLog(built.banking, 'banking', app.log),
        screening: withFailureLog(built.screening, 'screening', app.log),
      },
      (call) => app.metrics.partnerCall(call),
    );
    app.decorate('providers', providers);
    app.log.info(
      {
        phoneVerification: providers.phoneVerification.name,
        addressLookup: providers.addressLookup.name,
        identity: providers.identity.name,
        documents: providers.documents.name,
        banking: providers.banking.name,
        screening: providers.screening.name,
        inPersonId: providers.inPersonId.name,
      },
      'providers ready',
    );
  },
  { name: 'providers', dependencies: ['database', 'ciphers', 'metrics'] },
);
