/**
 * getstarted loader (spec 000 §2, §9): generates the reference code and decides, with a roll 0–99 against
 * the configured percentage, whether the identity-verification-provider flow is used (forcetutest=true
 * turns it off off production). Stored in the application slice as referenceCode and skipAlloy.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { decideIdentityProviderShare, generateReferenceCode, rollPercent } from '@omo/domain';
import { loadAppConfig } from '../../config/app-config.ts';
import { findSlice, updateSlice, type ApplicationState } from '../../lib/session-state.ts';
import { EMPTY_APPLICATION } from '../../lib/empty-application.ts';

export async function getStartedLoader({ request }: LoaderFunctionArgs): Promise<ApplicationState> {
  const config = await loadAppConfig();
  const forceTuTest = new URL(request.url).searchParams.get('forcetutest') === 'true';
  const usesProvider = decideIdentityProviderShare({
    roll: rollPercent(),
    percentage: config.identityProviderPercentage,
    forceTuTest,
    isProduction: config.isProduction,
  });
  const current = findSlice('application') ?? EMPTY_APPLICATION;
  const next: ApplicationState = {
    ...current,
    referenceCode: generateReferenceCode(config.referenceCodePrefix, 'P'),
    skipAlloy: !usesProvider,
  };
  updateSlice('application', next);
  return next;
}
