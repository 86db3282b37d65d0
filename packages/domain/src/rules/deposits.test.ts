import { describe, expect, it } from 'vitest';
import { accountForDeposit, memberNumberOfReference } from './deposits.ts';

describe('a first deposit matched to its account', () => {
  const accounts = [
    { productId: '1001', method: 'branch' as const, amountCents: 2500 },
    { productId: '1101', method: 'eTransfer' as const, amountCents: 50000 },
    { productId: '1401', method: 'eTransfer' as const, amountCents: 100000 },
  ];

  it('goes to the account awaiting an e-Transfer of that amount, else the first awaiting one, else the first', () => {
    expect(accountForDeposit(accounts, 100000)?.productId).toBe('1401');
    expect(accountForDeposit(accounts, 12345)?.productId).toBe('1101');
    expect(accountForDeposit([accounts[0]!], 12345)?.productId).toBe('1001');
    expect(accountForDeposit([], 100)).toBeUndefined();
  });

  it('reads the member number of a reference typed with spaces, dashes or #', () => {
    expect(memberNumberOfReference('#100 234-5')).toBe('1002345');
    expect(memberNumberOfReference('rent')).toBeNull();
    expect(memberNumberOfReference('12')).toBeNull();
  });
});
