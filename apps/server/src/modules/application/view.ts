/**
 * The browser's view of a draft (GET /api/omo/Application, contract §2): what was entered, never the
 * password, the SIN (only masked) or a code. `toPhoneView` is shared with the phone-verification module.
 */
import {
  lastFourDigits,
  canResendCode,
  isVerificationLimitReached,
  type ApplicationView,
  type ApplicationPhoneView,
} from '@omo/domain';
import type { ApplicationRecord } from './repository.ts';

/** True when the phone counts as verified: approved, skipped by the provider, or recorded verified. */
export function isPhoneVerified(record: Pick<ApplicationRecord, 'phoneVerified' | 'phoneState'>): boolean {
  const { status } = record.phoneState;
  return record.phoneVerified === true || status === 'approved' || status === 'skipped';
}

/** The `phone` object of the contract (spec 000 §4 counters, resend and Continue rules). */
export function toPhoneView(
  record: Pick<ApplicationRecord, 'phoneNumber' | 'phoneType' | 'phoneVerified' | 'phoneState'>,
): ApplicationPhoneView {
  const state = record.phoneState;
  const verified = isPhoneVerified(record);
  return {
    number: record.phoneNumber,
    type: record.phoneType,
    verified,
    status: state.status,
    channel: state.channel,
    sendFailCounter: state.sendFailCounter,
    resendCounter: state.resendCounter,
    invalidCounter: state.invalidCounter,
    canResend: !verified && state.status === 'pending' && canResendCode(state),
    canContinue: verified || isVerificationLimitReached(state),
    lastFour: record.phoneNumber ? lastFourDigits(record.phoneNumber) : null,
  };
}

/** The whole view; `nextPath` is computed by the service (flows). */
export function toApplicationView(record: ApplicationRecord, nextPath: string): ApplicationView {
  return {
    appRefNo: record.appRefNo,
    flow: record.flow,
    email: record.email,
    promoCode: record.promoCode ?? '',
    referralCode: record.referralCode ?? '',
    consent: record.consent,
    productIds: record.productIds,
    sweepEnabled: record.sweepEnabled,
    skipAlloy: record.skipAlloy,
    personalInfo: record.personalInfo,
    phone: toPhoneView(record),
    address: record.address,
    products: record.termChoice,
    sin: {
      provided: record.sinProvided,
      masked: record.sinProvided && record.sinLast3 ? `***-***-${record.sinLast3}` : null,
    },
    completedSteps: record.completedSteps,
    nextPath,
  };
}
