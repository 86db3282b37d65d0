import { describe, it, expect } from 'vitest';
import {
  API_METHODS,
  API_PATHS,
  branchLocationsRequestSchema,
  getProductQuerySchema,
  nullParameterMessage,
  productListSchema,
  splitProductCodes,
} from './api.ts';
import { sampleChequing, sampleGic } from './entities.fixtures.ts';

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
    expect(API_METHODS.clearCache).toBe('GET');
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
