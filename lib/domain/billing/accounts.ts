// Billing accounts: the operator's money commands (add-funds, set-billing, record-payment,
// credit-invoice; docs/operators.md, "Billing"), the admin's billing profile and the account as
// the advertiser sees it. Every command writes its ledger entry and the account's new terms
// (terms.ts) in one transaction, so delivery, which reads only the account row, resumes or
// stops on the next decision (the engine reloads a changed account, docs/decisions/0420).
import type { Actor } from "@/lib/auth/actor";
import { db, type Db, type Tx } from "@/lib/db/client";
import { AppError, parseInput } from "@/lib/errors";
import { fieldChanges, recordChange, SYSTEM_ACTORS } from "@/lib/history/changes";
import { changeActorOf } from "@/lib/history/change-actor";
import { sortableId } from "@/lib/ids";
import { microsToUsd, usdToMicros } from "@/lib/money";
import { defineOperation } from "@/lib/operations/operation";
import { accountEventData } from "@/lib/webhooks/events";
import { enqueueEvent } from "@/lib/webhooks/outbox";
import {
  addFundsInput,
  billingAccountSchema,
  billingProfileInput,
  getBillingInput,
  recordPaymentInput,
  setBillingInput,
  type BillingAccountView,
  type BillingProfile,
} from "./billing.schemas";
import { monthBounds, monthOf } from "./months";
import { accountPosition, accountTerms, limitReached, type BillingMode, type LedgerTotals } from "./terms";

type Client = Db | Tx;

export type LedgerKind = "funds_added" | "payment" | "credit" | "spend";
/** The entries that pay money in (terms.ts's paidIn). */
const PAID_IN: readonly LedgerKind[] = ["funds_added", "payment", "credit"];

export async function ledgerTotals(client: Client, advertiserId: string): Promise<LedgerTotals> {
  const [sum, lastTopUp] = await Promise.all([
    client.ledgerEntry.aggregate({
      where: { advertiserId, kind: { in: [...PAID_IN] } },
      _sum: { amountMicros: true },
    }),
    client.ledgerEntry.findFirst({
      where: { advertiserId, kind: "funds_added" },
      orderBy: { id: "desc" },
      select: { amountMicros: true },
    }),
  ]);
  return { paidInMicros: sum._sum.amountMicros ?? 0n, lastTopUpMicros: lastTopUp?.amountMicros ?? null };
}

export async function addLedgerEntry(
  tx: Tx,
  entry: { advertiserId: string; kind: LedgerKind; amountMicros: bigint; reference: string; invoiceId?: string },
  nowMs: number,
): Promise<void> {
  await tx.ledgerEntry.create({ data: { id: sortableId("led", nowMs), ...entry, createdAt: new Date(nowMs) } });
}

/** The account row, made (invoiced, no limit) for an advertiser that has none yet. */
async function accountRow(tx: Tx, advertiserId: string) {
  const advertiser = await tx.advertiser.findUnique({ where: { id: advertiserId }, select: { id: true } });
  if (!advertiser) throw new AppError("not_found", { detail: `No advertiser ${advertiserId}` });
  return tx.billingAccount.upsert({ where: { advertiserId }, create: { advertiserId }, update: {} });
}

/**
 * Writes the account's allowance and low mark from its mode, limit and ledger; clears a mark
 * that no longer holds, and says account.limit_reached at once when the new terms already hold
 * delivery (a lowered limit), as a commit's spend would.
 */
export async function refreshTerms(tx: Tx, advertiserId: string, nowMs: number): Promise<void> {
  const account = await accountRow(tx, advertiserId);
  const terms = accountTerms(
    account.mode as BillingMode,
    account.creditLimitMicros,
    await ledgerTotals(tx, advertiserId),
  );
  const low = terms.lowAtMicros !== null && account.spentMicros >= terms.lowAtMicros;
  const reached = limitReached(terms, account.spentMicros);
  const now = new Date(nowMs);
  await tx.billingAccount.update({
    where: { advertiserId },
    data: {
      allowanceMicros: terms.allowanceMicros,
      lowAtMicros: terms.lowAtMicros,
      balanceLowAt: low ? (account.balanceLowAt ?? now) : null,
      limitReachedAt: reached ? (account.limitReachedAt ?? now) : null,
      updatedAt: now,
    },
  });
  const data = () =>
    accountEventData(
      account.mode,
      terms.allowanceMicros === null ? null : Number(terms.allowanceMicros),
      Number(account.spentMicros),
      nowMs,
    );
  if (low && !account.balanceLowAt) {
    await enqueueEvent(tx, { advertiserId, type: "account.balance_low", data: data(), createdAtMs: nowMs });
  }
  if (reached && !account.limitReachedAt) {
    await enqueueEvent(tx, { advertiserId, type: "account.limit_reached", data: data(), createdAtMs: nowMs });
  }
}

type OperatorOptions = { nowMs?: number };

/** add-funds: a prepaid top-up. */
export async function addFunds(input: unknown, options: OperatorOptions = {}) {
  const { advertiser_id, amount_usd, reference } = parseInput(addFundsInput, input);
  const nowMs = options.nowMs ?? Date.now();
  return db().$transaction(async (tx) => {
    const account = await accountRow(tx, advertiser_id);
    if (account.mode !== "prepaid") {
      throw new AppError("conflict", {
        detail: `${advertiser_id} is invoiced: funds are added to prepaid accounts (set-billing --mode prepaid); record an invoice's payment with record-payment`,
      });
    }
    await addLedgerEntry(
      tx,
      { advertiserId: advertiser_id, kind: "funds_added", amountMicros: usdToMicros(amount_usd), reference },
      nowMs,
    );
    await refreshTerms(tx, advertiser_id, nowMs);
    return billingView(tx, advertiser_id, nowMs);
  });
}

/** set-billing: the mode and (invoiced) the credit limit, recorded in the history. */
export async function setBilling(input: unknown, options: OperatorOptions = {}) {
  const data = parseInput(setBillingInput, input);
  const nowMs = options.nowMs ?? Date.now();
  return db().$transaction(async (tx) => {
    const account = await accountRow(tx, data.advertiser_id);
    const creditLimitMicros =
      data.credit_limit_usd === undefined
        ? account.creditLimitMicros
        : data.credit_limit_usd === null
          ? null
          : usdToMicros(data.credit_limit_usd);
    if (data.mode === "prepaid" && data.credit_limit_usd != null) {
      throw new AppError("validation_failed", {
        detail: "A prepaid account has no credit limit",
        fieldErrors: [{ path: "credit_limit_usd", message: "must be none for a prepaid account" }],
      });
    }
    const before = { mode: account.mode, credit_limit_usd: usdOrNull(account.creditLimitMicros) };
    const after = { mode: data.mode, credit_limit_usd: usdOrNull(creditLimitMicros) };
    await tx.billingAccount.update({
      where: { advertiserId: data.advertiser_id },
      data: { mode: data.mode, creditLimitMicros },
    });
    await refreshTerms(tx, data.advertiser_id, nowMs);
    const fields = fieldChanges(before, after);
    if (Object.keys(fields).length) {
      await recordChange(tx, {
        advertiserId: data.advertiser_id,
        atMs: nowMs,
        actor: SYSTEM_ACTORS.operator,
        operation: "setBilling",
        target: { type: "billing_account", id: data.advertiser_id },
        fields,
      });
    }
    return billingView(tx, data.advertiser_id, nowMs);
  });
}

/** record-payment: money received for an invoice; it is paid once nothing is due. */
export async function recordPayment(input: unknown, options: OperatorOptions = {}) {
  const { invoice_number, amount_usd, reference } = parseInput(recordPaymentInput, input);
  const nowMs = options.nowMs ?? Date.now();
  const amountMicros = usdToMicros(amount_usd);
  return db().$transaction(async (tx) => {
    const invoice = await payableInvoice(tx, invoice_number);
    const due = invoice.totalMicros - invoice.paidMicros - invoice.creditedMicros;
    if (amountMicros > due) {
      throw new AppError("validation_failed", {
        detail: `${invoice_number} has $${microsToUsd(due)} due`,
        fieldErrors: [{ path: "amount_usd", message: `must be at most the amount due, ${microsToUsd(due)}` }],
      });
    }
    const paid = amountMicros === due;
    await tx.invoice.update({
      where: { id: invoice.id },
      data: {
        paidMicros: { increment: amountMicros },
        ...(paid ? { status: "paid", paidAt: new Date(nowMs) } : {}),
      },
    });
    await addLedgerEntry(
      tx,
      { advertiserId: invoice.advertiserId, kind: "payment", amountMicros, reference, invoiceId: invoice.id },
      nowMs,
    );
    await refreshTerms(tx, invoice.advertiserId, nowMs);
    return {
      invoice_number,
      paid_usd: microsToUsd(invoice.paidMicros + amountMicros),
      status: paid ? "paid" : "issued",
    };
  });
}

/** An issued invoice that can still take a payment or a credit note. */
export async function payableInvoice(tx: Tx, number: string) {
  const invoice = await tx.invoice.findUnique({ where: { number } });
  if (!invoice || invoice.kind !== "invoice") throw new AppError("not_found", { detail: `No invoice ${number}` });
  if (invoice.status !== "issued") {
    throw new AppError("invalid_transition", { detail: `${number} is ${invoice.status}: nothing is due` });
  }
  return invoice;
}

function usdOrNull(micros: bigint | null): number | null {
  return micros === null ? null : microsToUsd(micros);
}

/** The month-to-date spend: the advertiser's rollups since the UTC month's start (the commit that spends writes them). */
async function monthToDateSpend(client: Client, advertiserId: string, nowMs: number): Promise<bigint> {
  const { startMs } = monthBounds(monthOf(nowMs));
  const campaigns = await client.campaign.findMany({ where: { advertiserId }, select: { id: true } });
  const sum = await client.hourlyRollup.aggregate({
    where: { hourMs: { gte: BigInt(startMs) }, campaignId: { in: campaigns.map((campaign) => campaign.id) } },
    _sum: { spendMicros: true },
  });
  return sum._sum.spendMicros ?? 0n;
}

/** Whether the advertiser's account holds delivery now: spent has reached its allowance. */
export async function accountLimited(advertiserId: string, client: Client = db()): Promise<boolean> {
  const account = await client.billingAccount.findUnique({
    where: { advertiserId },
    select: { allowanceMicros: true, spentMicros: true },
  });
  return account?.allowanceMicros != null && account.spentMicros >= account.allowanceMicros;
}

/** What the issued invoices still owe. */
async function unpaid(client: Client, advertiserId: string): Promise<bigint> {
  const sums = await client.invoice.aggregate({
    where: { advertiserId, kind: "invoice", status: "issued" },
    _sum: { totalMicros: true, paidMicros: true, creditedMicros: true },
  });
  return (sums._sum.totalMicros ?? 0n) - (sums._sum.paidMicros ?? 0n) - (sums._sum.creditedMicros ?? 0n);
}

export async function billingView(client: Client, advertiserId: string, nowMs: number): Promise<BillingAccountView> {
  const account =
    (await client.billingAccount.findUnique({ where: { advertiserId } })) ??
    ({
      mode: "invoiced",
      creditLimitMicros: null,
      spentMicros: 0n,
      legalName: null,
      address: null,
      taxId: null,
    } as const);
  const mode = account.mode as BillingMode;
  const totals = await ledgerTotals(client, advertiserId);
  const terms = accountTerms(mode, account.creditLimitMicros, totals);
  const position = accountPosition(mode, account.spentMicros, totals);
  const [monthSpend, owed] = await Promise.all([
    monthToDateSpend(client, advertiserId, nowMs),
    unpaid(client, advertiserId),
  ]);
  return {
    mode,
    balance_usd: usdOrNull(position.balanceMicros),
    credit_limit_usd: mode === "invoiced" ? usdOrNull(account.creditLimitMicros) : null,
    credit_used_usd: usdOrNull(position.creditUsedMicros),
    month_to_date_spend_usd: microsToUsd(monthSpend),
    unpaid_usd: microsToUsd(owed),
    delivery_limited: limitReached(terms, account.spentMicros),
    billing_profile: { legal_name: account.legalName, address: account.address, tax_id: account.taxId },
  };
}

/** getBilling: the advertiser's account (admins; reporting:read tokens). */
export const getBilling = defineOperation({
  name: "getBilling",
  access: "reporting:read",
  role: "admin",
  write: false,
  input: getBillingInput,
  output: billingAccountSchema,
  run: (actor: Actor, _input, { clock }) => billingView(db(), actor.advertiserId, clock()),
});

/** updateBillingProfile: what invoices print as the advertiser's legal name, address and tax id. */
export const updateBillingProfile = defineOperation({
  name: "updateBillingProfile",
  access: "session",
  write: true,
  history: "billing_account",
  input: billingProfileInput,
  run: async (actor, input, { clock }): Promise<BillingProfile> => {
    const nowMs = clock();
    const by = await changeActorOf(actor);
    return db().$transaction(async (tx) => {
      const account = await accountRow(tx, actor.advertiserId);
      const before = { legal_name: account.legalName, address: account.address, tax_id: account.taxId };
      const after = {
        legal_name: input.legal_name === undefined ? before.legal_name : input.legal_name,
        address: input.address === undefined ? before.address : input.address,
        tax_id: input.tax_id === undefined ? before.tax_id : input.tax_id,
      };
      await tx.billingAccount.update({
        where: { advertiserId: actor.advertiserId },
        data: { legalName: after.legal_name, address: after.address, taxId: after.tax_id },
      });
      const fields = fieldChanges(before, after);
      if (Object.keys(fields).length) {
        await recordChange(tx, {
          advertiserId: actor.advertiserId,
          atMs: nowMs,
          actor: by,
          operation: updateBillingProfile.name,
          target: { type: "billing_account", id: actor.advertiserId },
          fields,
        });
      }
      return after;
    });
  },
});
