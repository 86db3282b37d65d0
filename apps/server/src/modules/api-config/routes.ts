/**
 * GET /api/omo/GetApiConfig: the configuration the browser needs (the /Diagnostics page shows it): the
 * spec's alloyEnabled, forceIdResult, irsApiUrl and whether irsRequestKey is set, plus branding, mode and
 * page settings.
 */
import { API_PATHS, webApiConfigSchema, type WebApiConfig } from '@omo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';

/** The answer's schema lives in @omo/domain (the web types its client with it). */

/** Builds the answer from the server configuration. */
function toWebApiConfig(config: AppConfig): WebApiConfig {
  return {
    alloyEnabled: config.alloyEnabled,
    forceIdResult: config.forceIdResult === '' ? null : config.forceIdResult,
    irsApiUrl: config.alloy.baseUrl,
    // The key itself stays on the server.
    irsRequestKey: config.alloy.journeyToken ? 'configured' : '',
    institutionName: config.institutionName,
    contactPhone: config.contactPhone,
    onlineBankingUrl: config.onlineBankingUrl,
    eTransferEmail: config.eTransferEmail,
    publicWebsiteUrl: config.publicWebsiteUrl,
    mobileApp: config.mobileApp,
    idProviderSharePercent: config.idProviderSharePercent,
    isProduction: config.isProduction,
    buildNumber: config.buildNumber,
    hideReferralCode: config.hideReferralCode,
    membershipSharePrice: config.membershipSharePrice,
    deviceFingerprint: {
      scriptUrl: config.deviceFingerprint.scriptUrl ?? null,
      orgId: config.deviceFingerprint.orgId ?? null,
    },
  };
}

const apiConfigRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const answer = toWebApiConfig(config);
  app.get(
    API_PATHS.getApiConfig,
    {
      schema: {
        tags: ['configuration'],
        summary: 'Configuration for the web app',
        response: { 200: webApiConfigSchema },
      },
    },
    async () => answer,
  );
};

export default apiConfigRoutes;
