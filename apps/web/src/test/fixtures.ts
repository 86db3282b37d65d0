import type { JointCodeLookupResponse, ProductOffering } from '@omo/domain';

/** A product offering with sensible defaults. */
export function makeProduct(overrides: Partial<ProductOffering> = {}): ProductOffering {
  const description = overrides.description ?? 'Everyday Chequing';
  return {
    productID: '1001',
    productCode: 'CHQ-EVERYDAY',
    accountCategory: 'Chequing',
    description,
    benefit: '',
    line1: 'Unlimited transactions',
    line2: null,
    line3: null,
    line4: null,
    line5: null,
    applyNowURL: '',
    featured: false,
    moreInfoURL: 'https://www.example.com/chequing',
    displayOrder: 1,
    isInterestBearing: false,
    depositAcctConfig: null,
    termDepositAcctConfig: null,
    loanAcctConfig: null,
    group: 'Chequing',
    funding: { minOpeningDeposit: 25, annualContributionLimit: null },
    disclaimers: [],
    fr: {
      description: 'Compte chèques Quotidien',
      line1: 'Transactions illimitées',
      line2: null,
      line3: null,
      line4: null,
      line5: null,
      disclaimers: [],
    },
    ...overrides,
  };
}

/** A GetApiConfig answer as the server sends it. */
export const TEST_CONFIG = {
  alloyEnabled: true,
  forceIdResult: null,
  irsApiUrl: 'https://irs.example.test',
  irsRequestKey: 'configured',
  institutionName: 'Maple Credit Union',
  contactPhone: '1-800-555-0199',
  onlineBankingUrl: 'https://banking.example.test',
  eTransferEmail: 'deposits@maple.example',
  publicWebsiteUrl: 'https://www.example.test',
  idProviderSharePercent: 50,
  isProduction: false,
  buildNumber: 'test-build',
  hideReferralCode: false,
  membershipSharePrice: '5.00',
  deviceFingerprint: { scriptUrl: null, orgId: null },
  mobileApp: {
    url: 'https://www.example.test/app',
    appStoreUrl: 'https://www.example.test/app/ios',
    googlePlayUrl: 'https://www.example.test/app/android',
  },
};

/** A co-applicant's invitation as GetApplicationFromJointCode answers it (Grace, invited by Sam). */
export function makeInvitation(isExpired = false): JointCodeLookupResponse {
  return {
    isExpired,
    productIds: ['2001'],
    jointFirstName: 'Grace',
    jointLastName: 'Hopper',
    jointEmail: 'grace@example.com',
    inviterFirstName: 'Sam',
    inviterLastName: 'Okafor',
  };
}
