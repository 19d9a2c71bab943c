// What an account may spend, derived from its mode, its credit limit and its ledger (docs/decisions/0420).
// Delivery never reads the ledger: it compares the account's running spend with the allowance
// written here, in the same transaction as every ledger entry that changes it.
//   prepaid:  allowance = everything paid in (funds added, payments, credits); balance = allowance - spent
//   invoiced: allowance = credit limit + everything paid in; so unpaid invoices plus the current month's
//             spend (= spent - paid in) reach the limit exactly when spent reaches the allowance
// Micro-dollars, bigint only.

export const BILLING_MODES = ["invoiced", "prepaid"] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

/** The ledger's sums that terms depend on. */
export type LedgerTotals = {
  /** funds added, payments recorded and credit notes issued, in all */
  paidInMicros: bigint;
  /** the most recent top-up (prepaid), or null */
  lastTopUpMicros: bigint | null;
};

export type AccountTerms = {
  /** delivery stops once spent reaches it; null: no limit */
  allowanceMicros: bigint | null;
  /** spent at or above it: account.balance_low; null: never */
  lowAtMicros: bigint | null;
};

/** A prepaid balance is low under this share of the last top-up... */
const PREPAID_LOW_SHARE = { numerator: 1n, denominator: 5n };
/** ...an invoiced account's once this share of its credit limit is used. */
const INVOICED_LOW_SHARE = { numerator: 9n, denominator: 10n };

export function accountTerms(mode: BillingMode, creditLimitMicros: bigint | null, totals: LedgerTotals): AccountTerms {
  if (mode === "prepaid") {
    const allowanceMicros = totals.paidInMicros;
    const lowAtMicros =
      totals.lastTopUpMicros === null
        ? null
        : allowanceMicros - (totals.lastTopUpMicros * PREPAID_LOW_SHARE.numerator) / PREPAID_LOW_SHARE.denominator;
    return { allowanceMicros, lowAtMicros };
  }
  if (creditLimitMicros === null) return { allowanceMicros: null, lowAtMicros: null };
  return {
    allowanceMicros: totals.paidInMicros + creditLimitMicros,
    lowAtMicros:
      totals.paidInMicros + (creditLimitMicros * INVOICED_LOW_SHARE.numerator) / INVOICED_LOW_SHARE.denominator,
  };
}

/** What the account shows: a prepaid balance (allowance - spent) or the credit used (spent - paid in). */
export function accountPosition(
  mode: BillingMode,
  spentMicros: bigint,
  totals: LedgerTotals,
): { balanceMicros: bigint | null; creditUsedMicros: bigint | null } {
  const owed = spentMicros - totals.paidInMicros;
  return mode === "prepaid"
    ? { balanceMicros: -owed, creditUsedMicros: null }
    : { balanceMicros: null, creditUsedMicros: owed > 0n ? owed : 0n };
}

/** Whether delivery is held at the limit: spent has reached the allowance. */
export function limitReached(terms: AccountTerms, spentMicros: bigint): boolean {
  return terms.allowanceMicros !== null && spentMicros >= terms.allowanceMicros;
}
