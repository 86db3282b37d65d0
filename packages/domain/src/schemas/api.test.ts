import { describe, it, expect } from 'vitest';
import {
  API_METHODS,
  API_PATHS,
  APPLICATION_API_PATHS,
  nullParameterMessage,
  splitProductCodes,
} from './api-paths.ts';
import {
  applicationViewSchema,
  initializeApplicationRequestSchema,
  outboxMessageSchema,
  productListPageSchema,
  branchLocationsRequestSchema,
  getProductQuerySchema,
  productListSchema,
} from './api.ts';
import { sampleChequing, sampleGic } from './entities.fixtures.ts';
import { EXAMPLE_VIEW_LATER_STEPS_UNANSWERED } from '../flows/step-examples.ts';

describe('API_PATHS (spec 000 §7)', () => {
  it('holds the seventeen paths of the spec, all under /api/', () => {
    const paths = Object.values(API_PATHS);
    expect(paths).toHaveLength(17);
    expect(paths.every((p) => p.startsWith('/api/'))).toBe(true);
    expect(paths).toContain('/api/heartbeat');
    expect(paths).toContain('/api/omo/CreateIDVerificationRequest');
    expect(paths).toContain('/api/omo/ProcessIDVNotification');
    expect(paths).toContain('/api/omo/GetBranchLocations');
  });

  it('gives each path its method', () => {
    expect(API_METHODS.getProduct).toBe('GET');
    expect(API_METHODS.getApplicationFromJointCode).toBe('POST');
    expect(API_METHODS.clearCache).toBe('POST');
    expect(Object.keys(API_METHODS).sort()).toEqual(Object.keys(API_PATHS).sort());
  });
});

describe('GetProduct query', () => {
  it("refuses a missing prodCodes with 'The parameter 'prodCodes' cannot be null.'", () => {
    const result = getProductQuerySchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("The parameter 'prodCodes' cannot be null.");
    expect(getProductQuerySchema.safeParse({ prodCodes: '' }).error?.issues[0]?.message).toBe(
      nullParameterMessage('prodCodes'),
    );
  });

  it('accepts ids separated by ; or ,', () => {
    expect(getProductQuerySchema.parse({ prodCodes: '1001;1002' })).toEqual({ prodCodes: '1001;1002' });
    expect(splitProductCodes('1001;1002')).toEqual(['1001', '1002']);
    expect(splitProductCodes(' 1001 ,1002;; ')).toEqual(['1001', '1002']);
  });

  it('builds the null-parameter text for any name', () => {
    expect(nullParameterMessage('jointCode')).toBe("The parameter 'jointCode' cannot be null.");
  });
});

describe('response and request schemas', () => {
  it('product list parses seed products', () => {
    expect(productListSchema.parse([sampleChequing, sampleGic])).toHaveLength(2);
  });

  it('branch locations request needs latitude and longitude', () => {
    expect(branchLocationsRequestSchema.safeParse({ latitude: 43.6, longitude: -79.4 }).success).toBe(true);
    expect(branchLocationsRequestSchema.safeParse({ latitude: 95, longitude: 0 }).success).toBe(false);
    expect(branchLocationsRequestSchema.safeParse({ latitude: 43.6 }).success).toBe(false);
  });
});

describe('draft-application contracts', () => {
  const view = {
    appRefNo: 'OMOABCDEFGHP',
    flow: 'single',
    email: 'ada@example.com',
    promoCode: '',
    referralCode: '',
    consent: true,
    productIds: ['1001'],
    sweepEnabled: false,
    personalInfo: null,
    phone: {
      number: '(416) 555-0123',
      type: 'mobile',
      verified: false,
      status: 'pending',
      channel: 'sms',
      sendFailCounter: 0,
      resendCounter: 1,
      invalidCounter: 1,
      canResend: true,
      canContinue: false,
      lastFour: '0123',
    },
    address: null,
    products: null,
    sin: { provided: true, skipped: false, masked: '***-***-544' },
    ...EXAMPLE_VIEW_LATER_STEPS_UNANSWERED,
    progress: {
      steps: [
        {
          id: 'createprofile',
          path: '/single/createprofile',
          required: true,
          complete: true,
          canVisit: true,
        },
      ],
      nextStepId: 'personalinfo',
      isComplete: false,
      groups: { profile: false, address: false, confirmProduct: false, finalizeAccount: false },
    },
    nextPath: '/single/phoneverification',
  };

  it('parses the application view, whose SIN can only be masked', () => {
    expect(applicationViewSchema.parse(view)).toEqual(view);
    expect(
      applicationViewSchema.safeParse({ ...view, sin: { provided: true, masked: '130692544' } }).success,
    ).toBe(false);
  });

  it('refuses an identity status it does not know', () => {
    expect(applicationViewSchema.safeParse({ ...view, identity: { status: 'TU' } }).success).toBe(false);
  });

  it('validates the InitializeApplication body with the profile rules', () => {
    const body = {
      email: ' Ada@Example.com ',
      password: 'Secr3tPass9',
      consent: true,
      productIds: ['1001'],
    };
    expect(initializeApplicationRequestSchema.parse(body)).toMatchObject({
      email: 'Ada@Example.com',
      sweepEnabled: false,
      flow: 'single',
      forceTuTest: false,
    });
    // What the server decides is not the browser's to send: a reference number or a skipped identity check.
    const forged = initializeApplicationRequestSchema.parse({ ...body, appRefNo: 'EN-1', skipAlloy: true });
    expect(forged).not.toHaveProperty('appRefNo');
    expect(forged).not.toHaveProperty('skipAlloy');
    const bad = initializeApplicationRequestSchema.safeParse({ ...body, password: 'short', productIds: [] });
    expect(bad.error?.issues.map((i) => i.message)).toContain('password.min');
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toContain('productIds');
  });

  it('holds the web configuration, /productlist page and outbox schemas', () => {
    expect(
      outboxMessageSchema.parse({
        id: '1',
        channel: 'sms',
        to: '+14165550123',
        subject: null,
        body: 'x',
        sentAt: 'now',
      }),
    ).toMatchObject({ channel: 'sms' });
    expect(productListPageSchema.parse({ groups: [] })).toEqual({ groups: [] });
    expect(APPLICATION_API_PATHS.application).toBe('/api/omo/Application');
  });
});
