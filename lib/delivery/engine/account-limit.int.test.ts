// both databases: the delivery stores' locks and SQL
// The billing account's limit on delivery (both databases): an account's campaigns stop winning
// once its prepaid balance or credit limit is used, passed by at most one impression, show
// account_limit_reached, and resume by themselves when funds or a payment allow.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { fixedClock, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { addFunds, billingView, recordPayment, setBilling } from "@/lib/domain/billing/accounts";
import { issueInvoices } from "@/lib/domain/billing/invoices";
import { getCampaign } from "@/lib/domain/campaigns/get-campaign";
import { logger } from "@/lib/log";
import { invoke } from "@/lib/operations/invoke";
import type { Caller } from "@/lib/operations/operation";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { actorFor } from "@/test/factories/actors";
import { deliveryCampaign, moment, resetDeliveryTables, startTestEngine, testClock } from "@/test/delivery-engine";
import type { DeliveryEngine } from "./delivery-engine";

const DEC_2 = Date.UTC(2026, 11, 2, 8, 0, 0);

beforeEach(async () => {
  await resetDeliveryTables();
  await db().invoiceLine.deleteMany();
  await db().invoice.deleteMany();
  await db().ledgerEntry.deleteMany();
  await db().invoiceSequence.deleteMany();
});

const engines: DeliveryEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) {
    await engine.stop();
    await engine.store.close();
  }
});

function callerOf(actor: Actor, clock: Clock = fixedClock(DEC_2)): Caller {
  return { actor, requestId: "req_billing", log: logger(), clock, clientAddress: "192.0.2.1" };
}

async function spent(advertiserId: string): Promise<bigint> {
  return (await db().billingAccount.findUniqueOrThrow({ where: { advertiserId } })).spentMicros;
}

describe("the account limit on delivery", () => {
  it("a prepaid account delivers until its balance is spent, passed by at most one impression, and resumes on a top-up", async () => {
    const adv = await createTestAdvertiser();
    await setBilling({ advertiser_id: adv.advertiserId, mode: "prepaid" });
    // alone in its auctions it pays close_game's floor, 0.35 CPM: 0.00035 an impression, so 0.001
    // of funds buys 3 impressions (the third passes the balance by 0.00005)
    await addFunds({ advertiser_id: adv.advertiserId, amount_usd: 0.001, reference: "wire 1" });
    const campaign = await deliveryCampaign({ advertiserId: adv.advertiserId, bidCpmUsd: 2 });
    const clock = testClock(Date.UTC(2026, 10, 22, 12));
    const engine = await startTestEngine({ clock });
    engines.push(engine);
    const kinds: string[] = [];
    for (let user = 0; user < 6; user++) kinds.push((await engine.decide(moment({ user_id: `u${user}` }))).kind);
    await engine.writer.flush();
    expect(kinds).toEqual(["filled", "filled", "filled", "no_fill", "no_fill", "no_fill"]);
    expect(await spent(adv.advertiserId)).toBe(1_050n);

    const actor = actorFor(adv.advertiserId);
    const limited = await invoke(getCampaign, callerOf(actor, clock), { id: campaign.id });
    expect(limited.deliveryStatus).toBe("account_limit_reached");
    const view = await billingView(db(), adv.advertiserId, clock());
    expect(view).toMatchObject({ mode: "prepaid", balance_usd: -0.00005, delivery_limited: true });
    const events = await db().outboxEvent.findMany({ where: { type: { startsWith: "account." } } });
    // a prepaid account without funds holds delivery at once (set-billing), then the spend crosses both marks
    expect(events.map((event) => event.type).sort()).toEqual([
      "account.balance_low",
      "account.limit_reached",
      "account.limit_reached",
    ]);

    await addFunds({ advertiser_id: adv.advertiserId, amount_usd: 1, reference: "wire 2" });
    await engine.index.refresh();
    expect((await engine.decide(moment({ user_id: "u9" }))).kind).toBe("filled");
    expect((await invoke(getCampaign, callerOf(actor, clock), { id: campaign.id })).deliveryStatus).toBe("delivering");
  });

  it("an invoiced account stops at its credit limit and resumes once an invoice is paid", async () => {
    const adv = await createTestAdvertiser();
    await setBilling({ advertiser_id: adv.advertiserId, mode: "invoiced", credit_limit_usd: 0.0007 });
    await deliveryCampaign({ advertiserId: adv.advertiserId, bidCpmUsd: 2 });
    const clock = testClock(Date.UTC(2026, 10, 22, 12));
    const engine = await startTestEngine({ clock });
    engines.push(engine);
    const kinds: string[] = [];
    for (let user = 0; user < 4; user++) kinds.push((await engine.decide(moment({ user_id: `u${user}` }))).kind);
    await engine.writer.flush();
    expect(kinds).toEqual(["filled", "filled", "no_fill", "no_fill"]);

    const { issued } = await issueInvoices({ month: "2026-11" }, { nowMs: DEC_2 });
    expect(issued).toEqual([
      { number: "SMA-2026-000001", advertiser_id: adv.advertiserId, kind: "invoice", total_usd: 0.0007 },
    ]);
    await recordPayment({ invoice_number: "SMA-2026-000001", amount_usd: 0.0007, reference: "ach 77" });
    await engine.index.refresh();
    expect((await engine.decide(moment({ user_id: "u7" }))).kind).toBe("filled");
    const view = await billingView(db(), adv.advertiserId, clock());
    expect(view).toMatchObject({ credit_limit_usd: 0.0007, unpaid_usd: 0, delivery_limited: false });
  });
});
