import { describe, expect, it } from 'vitest';
import {
  canGetNewCode,
  codeTriesLeft,
  canCheckCode,
  channelsInOrder,
  codeChannelOnSave,
  canResendCode,
  isVerificationLimitReached,
  wrongCodeCount,
} from './phone-verification.ts';

const counters = (sendFailCounter: number, resendCounter: number, invalidCounter: number) => ({
  sendFailCounter,
  resendCounter,
  invalidCounter,
});

describe('phone verification counters (spec 000 §4)', () => {
  it('enables Continue when the invalid, send-fail or resend counter reaches 3', () => {
    expect(isVerificationLimitReached(counters(0, 0, 0))).toBe(false);
    expect(isVerificationLimitReached(counters(2, 2, 2))).toBe(false);
    expect(isVerificationLimitReached(counters(3, 0, 0))).toBe(true);
    expect(isVerificationLimitReached(counters(0, 3, 3))).toBe(true);
    expect(isVerificationLimitReached(counters(0, 0, 3))).toBe(true);
  });

  it('offers the resend links until 3 resends, 3 invalid attempts or 3 send failures', () => {
    expect(canResendCode(counters(2, 2, 2))).toBe(true);
    expect(canResendCode(counters(0, 3, 3))).toBe(false);
    expect(canResendCode(counters(0, 1, 3))).toBe(false);
    // Resends refused by a send ceiling count as send failures: after 3, nothing more is sent.
    expect(canResendCode(counters(3, 0, 0))).toBe(false);
  });

  it('counts wrong codes as the invalid counter less the resends, and checks a resent code', () => {
    expect(wrongCodeCount(counters(0, 3, 3))).toBe(0);
    expect(canCheckCode(counters(0, 3, 3))).toBe(true);
    expect(wrongCodeCount(counters(0, 1, 3))).toBe(2);
    expect(canCheckCode(counters(0, 0, 3))).toBe(false);
    expect(canCheckCode(counters(0, 1, 4))).toBe(false);
  });
});

describe('the ways to receive a code', () => {
  it('offers a home phone the voice call first, and a mobile phone the text message first', () => {
    expect(channelsInOrder('home')).toEqual(['call', 'sms']);
    expect(channelsInOrder('mobile')).toEqual(['sms', 'call']);
    expect(channelsInOrder(null)).toEqual(['sms', 'call']);
  });

  it("texts a mobile phone its code as 'Tell us about yourself' is saved; a home phone chooses on the send screen", () => {
    expect(codeChannelOnSave('mobile')).toBe('sms');
    expect(codeChannelOnSave('home')).toBeNull();
    expect(codeChannelOnSave(undefined)).toBeNull();
  });
});

describe('a new code after the wrong codes are used up (decision 0091)', () => {
  const counters = (invalid: number, resend: number, newCodes = 0, sendFail = 0) => ({
    invalidCounter: invalid,
    resendCounter: resend,
    newCodeCounter: newCodes,
    sendFailCounter: sendFail,
  });

  it('three wrong codes leave no tries, and a new code may be sent', () => {
    expect(codeTriesLeft(counters(2, 0))).toBe(1);
    expect(canGetNewCode(counters(2, 0))).toBe(false);
    expect(codeTriesLeft(counters(3, 0))).toBe(0);
    expect(canGetNewCode(counters(3, 0))).toBe(true);
  });

  it('each new code sent after that allows three more tries', () => {
    // Three wrong, a new code (both counters +1): three tries again.
    expect(codeTriesLeft(counters(4, 1, 1))).toBe(3);
    expect(canCheckCode(counters(4, 1, 1))).toBe(true);
  });

  it('no new code after three resends or three send failures', () => {
    expect(canGetNewCode(counters(9, 3, 2))).toBe(false);
    expect(canGetNewCode(counters(3, 0, 0, 3))).toBe(false);
  });
});
