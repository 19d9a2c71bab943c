// both databases: billing accounts locked in the moment; invoices in raw SQL
// Billing on the database of record (both databases): the
// ledger's commands, invoices and statements from the recorded impressions, gap-free numbers.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Actor } from "@/lib/auth/actor";
import { fixedClock, type Clock } from "@/lib/clock";
import { logger } from "@/lib/log";
import { invoke } from "@/lib/operations/invoke";
import type { Caller } from "@/lib/operations/operation";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { actorFor } from "@/test/factories/actors";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery } from "@/test/factories/delivery";
import { resetDeliveryTables } from "@/test/delivery-engine";
import { addFunds, recordPayment, setBilling } from "./accounts";
import { creditInvoice, getInvoice, issueInvoices, listInvoices, monthsToClose } from "./invoices";
import { invoiceCsv, invoicePdf } from "./invoice-files";
import { monthBounds } from "./months";
import { pdfText } from "@/test/pdf-text";

const NOV = monthBounds("2026-11");
const DEC_2 = Date.UTC(2026, 11, 2, 8, 0, 0);

beforeEach(async () => {
  await resetDeliveryTables();
  await db().invoiceLine.deleteMany();
  await db().invoice.deleteMany();
  await db().ledgerEntry.deleteMany();
  await db().invoiceSequence.deleteMany();
  await db().billingMonth.deleteMany();
});

function callerOf(actor: Actor, clock: Clock = fixedClock(DEC_2)): Caller {
  return { actor, requestId: "req_billing", log: logger(), clock, clientAddress: "192.0.2.1" };
}

describe("the operator's commands", () => {
  it("refuse what they cannot do, with the contract's errors", async () => {
    const adv = await createTestAdvertiser();
    await expect(addFunds({ advertiser_id: adv.advertiserId, amount_usd: 5, reference: "x" })).rejects.toMatchObject({
      code: "conflict",
    });
    await expect(addFunds({ advertiser_id: "adv_missing", amount_usd: 5, reference: "x" })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      setBilling({ advertiser_id: adv.advertiserId, mode: "prepaid", credit_limit_usd: 10 }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    await expect(
      addFunds({ advertiser_id: adv.advertiserId, amount_usd: 0.0000001, reference: "x" }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    await expect(
      recordPayment({ invoice_number: "SMA-2026-999999", amount_usd: 1, reference: "x" }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(issueInvoices({ month: "2026-12" }, { nowMs: DEC_2 })).rejects.toMatchObject({
      code: "validation_failed",
    });
    // the history says who changed the billing account
    await setBilling({ advertiser_id: adv.advertiserId, mode: "invoiced", credit_limit_usd: 250 });
    const change = await db().change.findFirstOrThrow({ where: { targetType: "billing_account" } });
    expect(JSON.parse(change.fields)).toEqual({ credit_limit_usd: { from: null, to: 250 } });
  });
});

describe("invoices", () => {
  async function billedMonth() {
    const adv = await createTestAdvertiser("Billed Co");
    const first = await createTestCampaign({ advertiserId: adv.advertiserId, name: "Alpha" });
    const second = await createTestCampaign({ advertiserId: adv.advertiserId, name: "Beta" });
    const [alpha, beta] = await Promise.all(
      [first, second].map((row) =>
        db().campaign.findUniqueOrThrow({ where: { id: row.id }, include: { creatives: true } }),
      ),
    );
    await seedDelivery(alpha!, [
      { servedAtMs: NOV.startMs, costMicros: 1_234n, clickedAtMs: NOV.startMs + 1_000 },
      { servedAtMs: NOV.startMs + 10, costMicros: 2_001n },
      // the next month's impression is not November's
      { servedAtMs: NOV.endMs, costMicros: 9_999n },
      // nor October's
      { servedAtMs: NOV.startMs - 1, costMicros: 7_777n },
    ]);
    await seedDelivery(beta!, [{ servedAtMs: NOV.endMs - 1, costMicros: 500n }]);
    return { adv, alpha: alpha!, beta: beta! };
  }

  it("has a line per campaign from the month's impressions, summing exactly, numbered once however often it is issued", async () => {
    const { adv, alpha, beta } = await billedMonth();
    const first = await issueInvoices({ month: "2026-11" }, { nowMs: DEC_2 });
    const again = await issueInvoices({ month: "2026-11" }, { nowMs: DEC_2 });
    expect(first.issued).toHaveLength(1);
    expect(again.issued).toEqual([]);
    const actor = actorFor(adv.advertiserId);
    const list = await invoke(listInvoices, callerOf(actor), {});
    expect(list.pagination).toEqual({ page: 1, per_page: 20, total: 1 });
    const invoice = await invoke(getInvoice, callerOf(actor), { id: list.invoices[0]!.id });
    expect(invoice).toMatchObject({ number: "SMA-2026-000001", kind: "invoice", month: "2026-11", status: "issued" });
    expect(invoice.total_usd).toBe(0.003735);
    const lines = invoice.lines.map((line) => [
      line.campaign_id,
      line.description,
      line.impressions,
      line.clicks,
      line.amount_usd,
    ]);
    expect(lines).toEqual(
      [
        [alpha.id, "Alpha", 2, 1, 0.003235],
        [beta.id, "Beta", 1, 0, 0.0005],
      ].sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
    );
    // the month's spend is posted to the ledger, and an invoice.issued event goes out
    const spend = await db().ledgerEntry.findFirstOrThrow({ where: { kind: "spend" } });
    expect(spend.amountMicros).toBe(3_735n);
    expect(await db().outboxEvent.count({ where: { type: "invoice.issued" } })).toBe(1);
    // another advertiser sees none of it
    const other = await createTestAdvertiser("Other");
    await expect(invoke(getInvoice, callerOf(actorFor(other.advertiserId)), { id: invoice.id })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("numbers have no gaps or duplicates when two workers issue at once", async () => {
    const advertisers = [];
    for (let index = 0; index < 6; index++) {
      const adv = await createTestAdvertiser(`Adv ${index}`);
      const row = await createTestCampaign({ advertiserId: adv.advertiserId });
      const campaign = await db().campaign.findUniqueOrThrow({ where: { id: row.id }, include: { creatives: true } });
      await seedDelivery(campaign, [{ servedAtMs: NOV.startMs + index, costMicros: 1_000n + BigInt(index) }]);
      advertisers.push(adv.advertiserId);
    }
    const runs = await Promise.all([
      issueInvoices({ month: "2026-11" }, { nowMs: DEC_2 }),
      issueInvoices({ month: "2026-11" }, { nowMs: DEC_2 }),
      issueInvoices({ month: "2026-11" }, { nowMs: DEC_2 }),
    ]);
    const numbers = runs.flatMap((run) => run.issued.map((issued) => issued.number)).sort();
    expect(numbers).toEqual(advertisers.map((_, index) => `SMA-2026-${String(index + 1).padStart(6, "0")}`));
    const rows = await db().invoice.findMany({ select: { advertiserId: true } });
    expect(rows.map((row) => row.advertiserId).sort()).toEqual([...advertisers].sort());
    expect(await monthsToClose(DEC_2)).toEqual([]);
  });

  it("payments settle an invoice, a credit note corrects one with its own number, and neither changes its lines", async () => {
    const { adv } = await billedMonth();
    await issueInvoices({ month: "2026-11" }, { nowMs: DEC_2 });
    await expect(
      recordPayment({ invoice_number: "SMA-2026-000001", amount_usd: 1, reference: "too much" }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    await recordPayment({ invoice_number: "SMA-2026-000001", amount_usd: 0.002, reference: "part" });
    const credit = await creditInvoice({ invoice_number: "SMA-2026-000001", amount_usd: 0.001735, reason: "goodwill" });
    expect(credit).toEqual({ number: "SMA-2026-000002", credits: "SMA-2026-000001", total_usd: 0.001735 });
    const actor = actorFor(adv.advertiserId);
    const { invoices } = await invoke(listInvoices, callerOf(actor), {});
    const invoice = invoices.find((row) => row.kind === "invoice")!;
    expect(invoice).toMatchObject({
      status: "paid",
      paid_usd: 0.002,
      credited_usd: 0.001735,
      due_usd: 0,
      total_usd: 0.003735,
    });
    const note = invoices.find((row) => row.kind === "credit_note")!;
    expect(note).toMatchObject({ credits_invoice_number: "SMA-2026-000001", total_usd: 0.001735, reason: "goodwill" });
    await expect(
      recordPayment({ invoice_number: "SMA-2026-000001", amount_usd: 0.000001, reference: "late" }),
    ).rejects.toMatchObject({ code: "invalid_transition" });
  });

  it("a credit note for all that is due with nothing paid voids the invoice, and frees the credit line", async () => {
    const { adv } = await billedMonth();
    await setBilling({ advertiser_id: adv.advertiserId, mode: "invoiced", credit_limit_usd: 1 });
    await issueInvoices({ month: "2026-11" }, { nowMs: DEC_2 });
    const before = (await db().billingAccount.findUniqueOrThrow({ where: { advertiserId: adv.advertiserId } }))
      .allowanceMicros;
    await creditInvoice({ invoice_number: "SMA-2026-000001", amount_usd: 0.003735, reason: "billed in error" });
    const invoice = await db().invoice.findUniqueOrThrow({ where: { number: "SMA-2026-000001" } });
    expect(invoice).toMatchObject({ status: "void", paidMicros: 0n, creditedMicros: 3_735n, totalMicros: 3_735n });
    const after = (await db().billingAccount.findUniqueOrThrow({ where: { advertiserId: adv.advertiserId } }))
      .allowanceMicros;
    expect(after! - before!).toBe(3_735n);
  });

  it("a prepaid account gets a statement: opening balance, funds added, spend, closing balance", async () => {
    const { adv } = await billedMonth();
    await setBilling({ advertiser_id: adv.advertiserId, mode: "prepaid" });
    await addFunds(
      { advertiser_id: adv.advertiserId, amount_usd: 0.01, reference: "card" },
      { nowMs: NOV.startMs + 5 },
    );
    await issueInvoices({ month: "2026-11" }, { nowMs: DEC_2 });
    const { invoices } = await invoke(listInvoices, callerOf(actorFor(adv.advertiserId)), {});
    expect(invoices).toHaveLength(1);
    // October's impression (0.007777) was spent before November, with nothing paid in
    expect(invoices[0]).toMatchObject({
      number: "SMA-ST-2026-000001",
      kind: "statement",
      statement: {
        opening_balance_usd: -0.007777,
        funds_added_usd: 0.01,
        spend_usd: 0.003735,
        closing_balance_usd: -0.001512,
      },
    });
  });

  it("renders as CSV and as a PDF whose text holds the number, the lines and the total", async () => {
    const { adv } = await billedMonth();
    await db().billingAccount.update({
      where: { advertiserId: adv.advertiserId },
      data: { legalName: "Billed Company LLC", address: "1 Main St\nNewark, NJ", taxId: "US-12-3456789" },
    });
    await issueInvoices({ month: "2026-11" }, { nowMs: DEC_2 });
    const actor = actorFor(adv.advertiserId);
    const [listed] = (await invoke(listInvoices, callerOf(actor), {})).invoices;
    const invoice = await invoke(getInvoice, callerOf(actor), { id: listed!.id });
    const csv = invoiceCsv(invoice);
    expect(csv.split("\r\n")[0]).toBe(
      "number,kind,month,campaign_id,description,impressions,clicks,amount_usd,average_cpm_usd",
    );
    expect(csv).toContain("SMA-2026-000001,invoice,2026-11,,total,,,0.003735,");

    const pdf = await invoicePdf(invoice);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(pdf);
    for (const expected of [
      "Invoice SMA-2026-000001",
      "Alpha",
      "Beta",
      "$0.003735",
      "Billed Company LLC",
      "US-12-3456789",
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe("invoices, for any impressions", () => {
  it("a month's invoice equals the sum of its impressions' prices to the micro-dollar, line by line", async () => {
    const impressionArb = fc.record({
      campaign: fc.integer({ min: 0, max: 2 }),
      // October to December: November's and its neighbours', edges included
      servedAtMs: fc.oneof(
        fc.integer({ min: NOV.startMs - 3 * 86_400_000, max: NOV.endMs + 3 * 86_400_000 }),
        fc.constantFrom(NOV.startMs - 1, NOV.startMs, NOV.endMs - 1, NOV.endMs),
      ),
      costMicros: fc.bigInt({ min: 1n, max: 99_999_999n }),
      clicked: fc.boolean(),
    });
    // one advertiser for every run (its password hashing is the slow part of a new one)
    const adv = await createTestAdvertiser("Property Co");
    await fc.assert(
      fc.asyncProperty(fc.array(impressionArb, { minLength: 1, maxLength: 40 }), async (impressions) => {
        await resetDeliveryTables();
        await db().invoiceLine.deleteMany();
        await db().invoice.deleteMany();
        await db().ledgerEntry.deleteMany();
        await db().invoiceSequence.deleteMany();
        const campaigns = [];
        for (let index = 0; index < 3; index++) {
          const row = await createTestCampaign({ advertiserId: adv.advertiserId, name: `P${index}` });
          campaigns.push(
            await db().campaign.findUniqueOrThrow({ where: { id: row.id }, include: { creatives: true } }),
          );
        }
        for (const [index, campaign] of campaigns.entries()) {
          const own = impressions.filter((impression) => impression.campaign === index);
          if (own.length)
            await seedDelivery(
              campaign,
              own.map((impression) => ({
                servedAtMs: impression.servedAtMs,
                costMicros: impression.costMicros,
                ...(impression.clicked ? { clickedAtMs: impression.servedAtMs } : {}),
              })),
            );
        }
        await issueInvoices({ month: "2026-11" }, { nowMs: DEC_2 });
        const inMonth = impressions.filter(
          (impression) => impression.servedAtMs >= NOV.startMs && impression.servedAtMs < NOV.endMs,
        );
        const invoice = await db().invoice.findFirst({
          where: { advertiserId: adv.advertiserId },
          include: { lines: true },
        });
        if (!inMonth.length) {
          expect(invoice).toBeNull();
          return;
        }
        const expected = campaigns
          .map((campaign, index) => {
            const own = inMonth.filter((impression) => impression.campaign === index);
            return {
              campaignId: campaign.id,
              impressions: BigInt(own.length),
              clicks: BigInt(own.filter((impression) => impression.clicked).length),
              amountMicros: own.reduce((sum, impression) => sum + impression.costMicros, 0n),
            };
          })
          .filter((line) => line.impressions > 0n)
          .sort((a, b) => (a.campaignId < b.campaignId ? -1 : 1));
        const lines = invoice!.lines
          .sort((a, b) => a.position - b.position)
          .map(({ campaignId, impressions, clicks, amountMicros }) => ({
            campaignId,
            impressions,
            clicks,
            amountMicros,
          }));
        expect(lines).toEqual(expected);
        expect(invoice!.totalMicros).toBe(inMonth.reduce((sum, impression) => sum + impression.costMicros, 0n));
      }),
      { numRuns: 20, seed: 2026_12_02 },
    );
  }, 120_000);
});
