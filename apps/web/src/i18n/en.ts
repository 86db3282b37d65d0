/**
 * English interface texts. Spec wording is used verbatim where the spec gives it; `fr.ts` must have the
 * same shape (checked by its type). Validation messages are not here: they come from MESSAGES_EN of
 * @omo/domain. Interpolation uses i18next's {{name}} syntax.
 */
export const en = {
  common: {
    continue: 'Continue',
    getStarted: 'Get Started',
    loading: 'Loading…',
    opensInNewTab: '(opens in a new tab)',
    exitApplication: 'Exit Application',
    close: 'Close',
  },
  layout: {
    skipLink: 'Skip to main content',
    homeLink: '{{institution}} home',
    needHelp: 'Need help?',
    callUs: 'Call {{phone}}',
    alreadyMember: "I'm already a member",
    menu: 'Menu',
    closeMenu: 'Close menu',
    mainNav: 'Help and sign in',
    languageToggle: 'Français',
    languageToggleLabel: 'Afficher cette page en français',
    trackerLabel: 'Application progress',
    stepBanner: 'STEP {{current}}/{{total}}',
    stepBannerLabel: 'Step {{current}} of {{total}}: {{name}}',
    stepComplete: 'complete',
    stepCurrent: 'current step',
    stepNotStarted: 'not started',
    steps: {
      profile: 'Set up your profile',
      address: 'Add your address',
      confirmProduct: 'Confirm your products',
      finalizeAccount: 'Finalize your account',
    },
    footerNav: 'Legal',
    privacyPolicy: 'Privacy policy',
    terms: 'Terms of use',
    copyright: '© {{year}} {{institution}}',
    titleSuffix: '{{title}} | {{institution}}',
    errorPrefix: 'Error: {{title}}',
  },
  landing: {
    title: 'Are you an existing member?',
    yesTitle: 'Yes, Sign me in',
    yesText: 'Sign in to online banking to add this account to your membership.',
    noTitle: 'No, Sign me up',
    noText: 'Become a member and open your account online.',
    loadingProducts: 'Loading your application…',
  },
  getStarted: {
    title: "Let's get you started",
    subtitle: 'Sign up to become a Member - it takes less than 5 minutes',
    listHeading: 'To open {{article}} {{product}} account...',
    listHeadingAccount: 'To open {{article}} {{product}}...',
    listHeadingNoProduct: 'To open your account...',
    itemPhone: 'You may need a mobile phone.',
    itemId:
      "You may need to take a photo of a government-issued ID (driver's licence, passport, provincial ID or permanent residence card) and record a short video of your face.",
    itemLiveWork: 'You must live or work in Canada.',
    itemAge: 'You must have reached the age of majority in your province or territory of residence.',
    itemEmail: 'You must have a valid email address.',
    itemSin: 'You may need your Social Insurance Number (SIN) for tax purposes.',
    sinTooltip: 'Why do you need my SIN?',
    sinTooltipText:
      'Certain interest-bearing accounts require your SIN by regulation, so that interest income can be reported to the Canada Revenue Agency.',
    loadingJoint: 'Loading your invitation…',
  },
  placeholder: {
    title: 'This step is not built yet',
    text: 'This part of the application is coming soon.',
    backToStart: 'Back to the start',
  },
  errors: {
    generic: {
      title: 'Something went wrong',
      text: "We couldn't complete this step. Please try again later, or call us at <phone>{{phone}}</phone> and we'll help you.",
    },
    e1: {
      title: "We can't continue your application",
      text: "Something went wrong while we were processing your application. Please call us at <phone>{{phone}}</phone> and we'll help you finish opening your membership.",
    },
    e2: {
      title: "We're unable to open your membership online",
      text: "Based on the information you provided, we can't open a membership online. Please call us at <phone>{{phone}}</phone> to discuss your options.",
    },
    e3: {
      title: 'This service is temporarily unavailable',
      text: "We couldn't load the information needed for your application. Please try again in a few minutes, or call us at <phone>{{phone}}</phone>.",
    },
    e4: {
      title: "You don't meet the age requirements",
      text: 'To apply online you must have reached the age of majority in your province or territory of residence and meet the age requirements of the accounts you chose. Please call us at <phone>{{phone}}</phone> to discuss other options.',
    },
    e5: {
      title: 'This invitation has expired',
      text: 'A joint application invitation is valid for 7 days. Ask the primary applicant to start a new application, or call us at <phone>{{phone}}</phone>.',
    },
    e6: {
      title: "We can't open your membership online",
      text: 'We need to review your application with you before we can continue. If you are already a member, sign in to online banking instead. Please call us at <phone>{{phone}}</phone>.',
    },
    notFound: {
      title: 'Page not found',
      text: 'The page you are looking for does not exist or has moved. Check the address, or start again.',
      startAgain: 'Start a new application',
    },
    unexpected: {
      title: 'Unexpected Application Error!',
      text: 'Something unexpected happened. Please reload the page or start again. If the problem continues, call us at <phone>{{phone}}</phone>.',
      startAgain: 'Start again',
    },
  },
  form: {
    errorSummaryTitle: 'There is a problem',
    optional: '(optional)',
  },
  dev: {
    productListTitle: 'Product list',
    productListIntro:
      'Test links that start an application with the given products. Not available in production.',
    errorLoadingProducts: 'Error loading products',
    loadingProducts: 'Loading products…',
    noProducts: 'No products in this group.',
    groups: {
      Chequing: 'Chequing',
      Savings: 'Savings',
      'US Dollar': 'US Dollar',
      GICs: 'GICs',
      TFSAs: 'TFSAs',
      RRSPs: 'RRSPs',
      Bundles: 'Bundles',
      Sweeps: 'Sweeps',
      'GIC Advantage': 'GIC Advantage',
      FHSA: 'FHSA',
    },
    toDiagnostics: 'Diagnostics',
    diagnosticsTitle: 'Diagnostics',
    toProductList: 'Back to the product list',
    buildNumber: 'Build number',
    apiBase: 'API base',
    identityCheckEnabled: 'Identity check enabled',
    fraudScreeningEnabled: 'Fraud screening enabled',
    fraudOrgId: 'Fraud screening organisation id',
    documentVerificationPercentage: 'Document verification percentage',
    serverValues: 'Server-side values (GetApiConfig)',
    clientValues: 'Page configuration',
    configError: 'The server configuration could not be loaded.',
    yes: 'Yes',
    no: 'No',
    none: '(none)',
  },
};

/** The shape every language file must have. */
export type Translation = typeof en;
