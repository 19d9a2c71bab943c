// Invoices, credit notes and statements (docs/api.md, "Billing"; docs/decisions/0420): issued
// for each closed UTC month, numbered without gaps, never changed once issued but for payments
// and credits against them.
//   invoiced accounts: one invoice per month with spend, a line per campaign from the recorded
//   impressions (and that month's clicks), summing exactly to the month's spend;
//   prepaid accounts: a statement per month with spend or funds (opening balance, funds added,
//   spend, closing balance).
// Numbers: SMA-YYYY-NNNNNN for invoices and credit notes, SMA-ST-YYYY-NNNNNN for statements,
// YYYY the year of issue. The issuing transaction raises its series' row in invoice_sequences
// first, so concurrent issuers wait for each other there and a rolled-back issue gives its
// number back.
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { MINUTE_MS } from "@/lib/clock";
import { db, type Db, type Tx } from "@/lib/db/client";
import { AppError, isUniqueViolation, parseInput } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { microsToUsd, usdToMicros } from "@/lib/money";
import { defineOperation } from "@/lib/operations/operation";
import { enqueueEvent } from "@/lib/webhooks/outbox";
import { addLedgerEntry, payableInvoice, refreshTerms } from "./accounts";
import {
  creditInvoiceInput,
  invoiceIdInput,
  invoiceListSchema,
  invoiceSchema,
  issueInvoicesInput,
  listInvoicesInput,
  type InvoiceKind,
  type InvoiceView,
} from "./billing.schemas";
import { monthBounds, monthOf } from "./months";

/** A month closes this long after its last instant, so the impressions decided just before midnight have committed. */
export const MONTH_CLOSE_GRACE_MS = 10 * MINUTE_MS;

type Client = Db | Tx;
type Series = "SMA" | "SMA-ST";

/** The next number of a series in the year of issue, taken inside the issuing transaction. */
async function nextNumber(tx: Tx, series: Series, year: number): Promise<string> {
  await tx.$executeRaw`INSERT INTO invoice_sequences (series, year, last_number) VALUES (${series}, ${year}, 0) ON CONFLICT DO NOTHING`;
  const [row] = await tx.$queryRaw<{ last_number: number | bigint }[]>`
    UPDATE invoice_sequences SET last_number = last_number + 1 WHERE series = ${series} AND year = ${year} RETURNING last_number`;
  return `${series}-${year}-${String(Number(row!.last_number)).padStart(6, "0")}`;
}

type CampaignMonth = { campaignId: string; impressions: bigint; clicks: bigint; spendMicros: bigint };

/** Each campaign's impressions, spend and clicks in the month, from the recorded rows. */
async function campaignMonths(client: Client, advertiserId: string, month: string): Promise<CampaignMonth[]> {
  const { startMs, endMs } = monthBounds(month);
  const served = { gte: BigInt(startMs), lt: BigInt(endMs) };
  const impressions = await client.impression.groupBy({
    by: ["campaignId"],
    where: { advertiserId, servedAtMs: served },
    _sum: { costMicros: true },
    _count: { _all: true },
  });
  const campaignIds = impressions.map((row) => row.campaignId);
  const clicks = campaignIds.length
    ? await client.click.groupBy({
        by: ["campaignId"],
        where: { campaignId: { in: campaignIds }, clickedAtMs: { gte: BigInt(startMs), lt: BigInt(endMs) } },
        _count: { _all: true },
      })
    : [];
  const clicksOf = new Map(clicks.map((row) => [row.campaignId, BigInt(row._count._all)]));
  return impressions
    .map((row) => ({
      campaignId: row.campaignId,
      impressions: BigInt(row._count._all),
      clicks: clicksOf.get(row.campaignId) ?? 0n,
      spendMicros: row._sum.costMicros ?? 0n,
    }))
    .sort((a, b) => (a.campaignId < b.campaignId ? -1 : 1));
}

async function billTo(tx: Tx, advertiserId: string): Promise<string> {
  const advertiser = await tx.advertiser.findUniqueOrThrow({
    where: { id: advertiserId },
    select: { name: true, billingAccount: { select: { legalName: true, address: true, taxId: true } } },
  });
  const profile = advertiser.billingAccount;
  return JSON.stringify({
    name: advertiser.name,
    legal_name: profile?.legalName ?? null,
    address: profile?.address ?? null,
    tax_id: profile?.taxId ?? null,
  });
}

export type IssuedDocument = { number: string; advertiser_id: string; kind: InvoiceKind; total_usd: number };

/**
 * The advertiser's invoice or statement of a closed month, or null when it has nothing to bill
 * or it was issued already (by another worker too: the second waits on the sequence row, then
 * finds the first's document and gives its number back by rolling back).
 */
async function issueFor(advertiserId: string, month: string, nowMs: number): Promise<IssuedDocument | null> {
  const account = await db().billingAccount.findUnique({ where: { advertiserId }, select: { mode: true } });
  const kind: InvoiceKind = account?.mode === "prepaid" ? "statement" : "invoice";
  const periodKey = `${kind} ${month}`;
  const existing = () => db().invoice.findUnique({ where: { advertiserId_periodKey: { advertiserId, periodKey } } });
  if (await existing()) return null;
  try {
    return await db().$transaction(async (tx) => {
      const number = await nextNumber(tx, kind === "statement" ? "SMA-ST" : "SMA", new Date(nowMs).getUTCFullYear());
      if (await tx.invoice.findUnique({ where: { advertiserId_periodKey: { advertiserId, periodKey } } })) {
        throw ALREADY_ISSUED;
      }
      const lines = await campaignMonths(tx, advertiserId, month);
      const spendMicros = lines.reduce((sum, line) => sum + line.spendMicros, 0n);
      const statement = kind === "statement" ? await statementFigures(tx, advertiserId, month, spendMicros) : null;
      if (spendMicros === 0n && (statement === null || statement.fundsAddedMicros === 0n)) throw NOTHING_TO_BILL;
      const names = new Map(
        (
          await tx.campaign.findMany({
            where: { id: { in: lines.map((line) => line.campaignId) } },
            select: { id: true, name: true },
          })
        ).map((campaign) => [campaign.id, campaign.name]),
      );
      const id = newId("ivc");
      await tx.invoice.create({
        data: {
          id,
          number,
          advertiserId,
          kind,
          month,
          periodKey,
          status: kind === "statement" ? "paid" : "issued",
          totalMicros: kind === "statement" ? 0n : spendMicros,
          ...(statement ?? {}),
          billTo: await billTo(tx, advertiserId),
          issuedAt: new Date(nowMs),
          paidAt: kind === "statement" ? new Date(nowMs) : null,
          lines: {
            create: lines.map((line, position) => ({
              position,
              campaignId: line.campaignId,
              description: names.get(line.campaignId) ?? line.campaignId,
              impressions: line.impressions,
              clicks: line.clicks,
              amountMicros: line.spendMicros,
            })),
          },
        },
      });
      if (spendMicros > 0n) {
        await addLedgerEntry(
          tx,
          { advertiserId, kind: "spend", amountMicros: spendMicros, reference: number, invoiceId: id },
          nowMs,
        );
      }
      await enqueueEvent(tx, {
        advertiserId,
        type: "invoice.issued",
        data: { invoice_id: id, number, kind, month, total_usd: microsToUsd(spendMicros) },
        createdAtMs: nowMs,
      });
      return { number, advertiser_id: advertiserId, kind, total_usd: microsToUsd(spendMicros) };
    });
  } catch (error) {
    if (error === ALREADY_ISSUED || error === NOTHING_TO_BILL) return null;
    throw error;
  }
}

const ALREADY_ISSUED = new Error("already issued");
const NOTHING_TO_BILL = new Error("nothing to bill");

/** A prepaid month: the previous statement's closing balance (or the ledger's, at the first), the funds added, the spend. */
async function statementFigures(tx: Tx, advertiserId: string, month: string, spendMicros: bigint) {
  const { startMs, endMs } = monthBounds(month);
  const funds = await tx.ledgerEntry.aggregate({
    where: { advertiserId, kind: "funds_added", createdAt: { gte: new Date(startMs), lt: new Date(endMs) } },
    _sum: { amountMicros: true },
  });
  const previous = await tx.invoice.findFirst({
    where: { advertiserId, kind: "statement", month: { lt: month } },
    orderBy: { month: "desc" },
    select: { month: true, closingBalanceMicros: true },
  });
  const openingBalanceMicros =
    previous && previous.month === monthOf(startMs - 1)
      ? previous.closingBalanceMicros!
      : await balanceBefore(tx, advertiserId, startMs);
  const fundsAddedMicros = funds._sum.amountMicros ?? 0n;
  return {
    openingBalanceMicros,
    fundsAddedMicros,
    closingBalanceMicros: openingBalanceMicros + fundsAddedMicros - spendMicros,
  };
}

/** Everything paid in before `ms` minus every impression's cost before it. */
async function balanceBefore(tx: Tx, advertiserId: string, ms: number): Promise<bigint> {
  const [paidIn, spent] = await Promise.all([
    tx.ledgerEntry.aggregate({
      where: { advertiserId, kind: { in: ["funds_added", "payment", "credit"] }, createdAt: { lt: new Date(ms) } },
      _sum: { amountMicros: true },
    }),
    tx.impression.aggregate({ where: { advertiserId, servedAtMs: { lt: BigInt(ms) } }, _sum: { costMicros: true } }),
  ]);
  return (paidIn._sum.amountMicros ?? 0n) - (spent._sum.costMicros ?? 0n);
}

/**
 * issue-invoices: every advertiser's invoice or statement of a closed month (already issued
 * ones are skipped, so a rerun or a second worker issues nothing twice), then the month is
 * marked closed.
 */
export async function issueInvoices(input: unknown, options: { nowMs?: number } = {}) {
  const { month } = parseInput(issueInvoicesInput, input);
  const nowMs = options.nowMs ?? Date.now();
  const { startMs, endMs } = monthBounds(month);
  if (nowMs < endMs + MONTH_CLOSE_GRACE_MS) {
    throw new AppError("validation_failed", {
      detail: `${month} has not closed yet (months close ${MONTH_CLOSE_GRACE_MS / MINUTE_MS} minutes after their end, UTC)`,
      fieldErrors: [{ path: "month", message: "must be a month that has closed" }],
    });
  }
  const served = { gte: BigInt(startMs), lt: BigInt(endMs) };
  const [spenders, funded] = await Promise.all([
    db().impression.groupBy({ by: ["advertiserId"], where: { servedAtMs: served } }),
    db().ledgerEntry.groupBy({
      by: ["advertiserId"],
      where: { kind: "funds_added", createdAt: { gte: new Date(startMs), lt: new Date(endMs) } },
    }),
  ]);
  const advertisers = [...new Set([...spenders, ...funded].map((row) => row.advertiserId))].sort();
  const issued: IssuedDocument[] = [];
  for (const advertiserId of advertisers) {
    const document = await issueFor(advertiserId, month, nowMs);
    if (document) issued.push(document);
  }
  // another issuer may have marked it meanwhile: the first mark stands
  try {
    await db().billingMonth.create({ data: { month, closedAt: new Date(nowMs) } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return { month, issued };
}

/** The closed months not yet marked, oldest first (the worker issues them), from the first month with impressions. */
export async function monthsToClose(nowMs: number): Promise<string[]> {
  const first = await db().impression.findFirst({ orderBy: { servedAtMs: "asc" }, select: { servedAtMs: true } });
  if (!first) return [];
  const closed = new Set((await db().billingMonth.findMany({ select: { month: true } })).map((row) => row.month));
  const months: string[] = [];
  for (let month = monthOf(Number(first.servedAtMs)); ; month = monthOf(monthBounds(month).endMs)) {
    if (monthBounds(month).endMs + MONTH_CLOSE_GRACE_MS > nowMs) break;
    if (!closed.has(month)) months.push(month);
  }
  return months;
}

/** credit-invoice: a credit note against an issued invoice (the correction; the invoice itself never changes). */
export async function creditInvoice(input: unknown, options: { nowMs?: number } = {}) {
  const { invoice_number, amount_usd, reason } = parseInput(creditInvoiceInput, input);
  const nowMs = options.nowMs ?? Date.now();
  const amountMicros = usdToMicros(amount_usd);
  return db().$transaction(async (tx) => {
    const number = await nextNumber(tx, "SMA", new Date(nowMs).getUTCFullYear());
    const invoice = await payableInvoice(tx, invoice_number);
    const due = invoice.totalMicros - invoice.paidMicros - invoice.creditedMicros;
    if (amountMicros > due) {
      throw new AppError("validation_failed", {
        detail: `${invoice_number} has $${microsToUsd(due)} due`,
        fieldErrors: [{ path: "amount_usd", message: `must be at most the amount due, ${microsToUsd(due)}` }],
      });
    }
    const id = newId("ivc");
    await tx.invoice.create({
      data: {
        id,
        number,
        advertiserId: invoice.advertiserId,
        kind: "credit_note",
        month: invoice.month,
        status: "issued",
        totalMicros: amountMicros,
        creditsInvoiceId: invoice.id,
        reason,
        billTo: invoice.billTo,
        issuedAt: new Date(nowMs),
        lines: { create: [{ position: 0, description: `Credit against ${invoice.number}: ${reason}`, amountMicros }] },
      },
    });
    const settled = amountMicros === due;
    await tx.invoice.update({
      where: { id: invoice.id },
      data: {
        creditedMicros: { increment: amountMicros },
        // wholly credited with nothing paid: void; paid up by payments and credits together: paid
        ...(settled
          ? invoice.paidMicros === 0n
            ? { status: "void" }
            : { status: "paid", paidAt: new Date(nowMs) }
          : {}),
      },
    });
    await addLedgerEntry(
      tx,
      { advertiserId: invoice.advertiserId, kind: "credit", amountMicros, reference: number, invoiceId: id },
      nowMs,
    );
    await refreshTerms(tx, invoice.advertiserId, nowMs);
    await enqueueEvent(tx, {
      advertiserId: invoice.advertiserId,
      type: "invoice.issued",
      data: { invoice_id: id, number, kind: "credit_note", month: invoice.month, total_usd: amount_usd },
      createdAtMs: nowMs,
    });
    return { number, credits: invoice.number, total_usd: amount_usd };
  });
}

const withLines = { lines: { orderBy: { position: "asc" } } } as const;
type InvoiceRow = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

function findInvoice(client: Client, where: { id: string; advertiserId: string }) {
  return client.invoice.findFirst({ where, include: withLines });
}

export function invoiceView(row: InvoiceRow, creditsNumber: string | null): InvoiceView {
  const due = row.kind === "invoice" ? row.totalMicros - row.paidMicros - row.creditedMicros : 0n;
  return {
    id: row.id,
    number: row.number,
    kind: row.kind as InvoiceKind,
    month: row.month,
    status: row.status as InvoiceView["status"],
    currency: "USD",
    total_usd: microsToUsd(row.totalMicros),
    paid_usd: microsToUsd(row.paidMicros),
    credited_usd: microsToUsd(row.creditedMicros),
    due_usd: microsToUsd(due),
    issued_at: row.issuedAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    bill_to: JSON.parse(row.billTo) as InvoiceView["bill_to"],
    lines: row.lines.map((line) => ({
      campaign_id: line.campaignId,
      description: line.description,
      impressions: Number(line.impressions),
      clicks: Number(line.clicks),
      amount_usd: microsToUsd(line.amountMicros),
      // CPM = spend per thousand impressions, rounded to the micro-dollar
      average_cpm_usd:
        line.impressions > 0n
          ? microsToUsd((line.amountMicros * 1000n + line.impressions / 2n) / line.impressions)
          : null,
    })),
    statement:
      row.kind === "statement"
        ? {
            opening_balance_usd: microsToUsd(row.openingBalanceMicros ?? 0n),
            funds_added_usd: microsToUsd(row.fundsAddedMicros ?? 0n),
            spend_usd: microsToUsd(
              (row.openingBalanceMicros ?? 0n) + (row.fundsAddedMicros ?? 0n) - (row.closingBalanceMicros ?? 0n),
            ),
            closing_balance_usd: microsToUsd(row.closingBalanceMicros ?? 0n),
          }
        : null,
    credits_invoice_number: creditsNumber,
    reason: row.reason,
  };
}

async function creditedNumbers(client: Client, rows: readonly InvoiceRow[]): Promise<Map<string, string>> {
  const ids = rows.flatMap((row) => (row.creditsInvoiceId ? [row.creditsInvoiceId] : []));
  if (!ids.length) return new Map();
  const credited = await client.invoice.findMany({ where: { id: { in: ids } }, select: { id: true, number: true } });
  return new Map(credited.map((row) => [row.id, row.number]));
}

/** One of the advertiser's documents, or 404 (another advertiser's too). */
export async function invoiceOf(actor: Actor, id: string): Promise<InvoiceView> {
  const row = await findInvoice(db(), { id, advertiserId: actor.advertiserId });
  if (!row) throw new AppError("not_found", { detail: `No invoice ${id}` });
  const numbers = await creditedNumbers(db(), [row]);
  return invoiceView(row, row.creditsInvoiceId ? (numbers.get(row.creditsInvoiceId) ?? null) : null);
}

export const listInvoices = defineOperation({
  name: "listInvoices",
  access: "reporting:read",
  role: "admin",
  write: false,
  input: listInvoicesInput,
  output: invoiceListSchema,
  run: async (actor, { page, per_page }) => {
    const where = { advertiserId: actor.advertiserId };
    const [rows, total] = await Promise.all([
      db().invoice.findMany({
        where,
        include: withLines,
        orderBy: [{ issuedAt: "desc" }, { number: "desc" }],
        skip: (page - 1) * per_page,
        take: per_page,
      }),
      db().invoice.count({ where }),
    ]);
    const numbers = await creditedNumbers(db(), rows);
    return {
      invoices: rows.map((row) =>
        invoiceView(row, row.creditsInvoiceId ? (numbers.get(row.creditsInvoiceId) ?? null) : null),
      ),
      pagination: { page, per_page, total },
    };
  },
});

export const getInvoice = defineOperation({
  name: "getInvoice",
  access: "reporting:read",
  role: "admin",
  write: false,
  input: invoiceIdInput,
  output: invoiceSchema,
  run: (actor, { id }) => invoiceOf(actor, id),
});

/** The same document as a PDF (the REST answer renders it: lib/domain/billing/invoice-files.ts). */
export const getInvoicePdf = defineOperation({
  ...getInvoice,
  name: "getInvoicePdf",
  output: z.string().meta({ format: "binary" }),
});

/** The same document as CSV. */
export const getInvoiceCsv = defineOperation({ ...getInvoice, name: "getInvoiceCsv", output: z.string() });
