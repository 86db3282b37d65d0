/** Flags derived from the selected products (spec 000 §4). Computed by `deriveApplicationFlags`. */
export interface ApplicationFlags {
  mSenior: boolean;
  mStudent: boolean;
  mNTC: boolean;
  mChequing: boolean;
  mSavings: boolean;
  mRRSP: boolean;
  mTFSA: boolean;
  mFHSA: boolean;
  mTerm: boolean;
  mInterestBearing: boolean;
  /** Lowest termDepositAcctConfig.minAmount among term products, null when none. */
  lowestTermMin: number | null;
  /** Highest termDepositAcctConfig.maxAmount among term products, null when none. */
  highestTermMax: number | null;
  /** Set on the landing step: true when the first product is chequing or savings. */
  orderDebitCard: boolean;
}
