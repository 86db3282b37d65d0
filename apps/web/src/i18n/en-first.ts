/**
 * The English texts of the first screens (landing, Get Started, the layout, the error pages, the session
 * dialog): the first download carries these only; the rest of en.ts comes with the first later screen.
 * first-screen-texts.test.ts checks that the first screen's modules use no other texts.
 */
export const enFirst = {
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
    sessionEnded:
      "We couldn't find your application in progress. It may have been closed after a period of inactivity. Please start again.",
    choose: {
      title: 'Choose the account you want to open',
    },
    draft: {
      title: 'Continue your application or start a new one?',
      text: 'An application was started on this device and is not finished. If it is not yours, start a new one: the other application stays closed to you.',
      continue: 'Continue the application',
      startNew: 'Start a new application',
    },
  },
  getStarted: {
    title: "Let's get you started",
    subtitle: 'Sign up to become a member - it takes less than 5 minutes',
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
  session: {
    back: 'Back',
    warningTitle: "You'll be signed out soon",
    closesInMinutes_one: 'Your application will close in {{count}} minute.',
    closesInMinutes_other: 'Your application will close in {{count}} minutes.',
    closesInSeconds_one: 'Your application will close in {{count}} second.',
    closesInSeconds_other: 'Your application will close in {{count}} seconds.',
    warningText:
      "To protect your information, we close an application that is left without activity. Select 'Stay signed in' to keep your answers and carry on.",
    stay: 'Stay signed in',
    exitTitle: 'Exit your application?',
    exitText:
      'Your application will close and your answers will not be kept. To apply, you would start again.',
    returnToApplication: 'Return to my application',
    exitFailed: "We couldn't close your application. Please try again.",
    saveForLater: 'Save and come back later',
    saveText:
      "Or select 'Save and come back later': your answers are kept and we email you a link to continue.",
    saveFailed: "We couldn't send the link. Please try again.",
  },
};
