// The demo's past months: played through the engine on a past clock, then invoiced by the
// month close. Each invoice is the sum of the demo advertiser's impressions of its month to
// the micro-dollar, the older one is paid, the past campaigns have ended, and a second run
// does nothing.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { monthBounds } from "@/lib/domain/billing/months";
import { seedDemoHistory, type DemoHistory } from "./demo-history";
import { seedDemo } from "./seed-demo";

const log = pino({ level: "silent" });
const dir = mkdtempSync(join(tmpdir(), "sma-demo-history-"));
const NOW = Date.UTC(2026, 11, 2, 12);
let advertiserId: string;
let history: DemoHistory;

beforeAll(async () => {
  advertiserId = (await seedDemo(log, join(dir, "demo-credentials.json"))).advertiser_id;
  history = await seedDemoHistory(advertiserId, { nowMs: NOW, log, nights: 1, games: 2, users: 40 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the demo's history", () => {
  it("plays the two months before this one and invoices each from its impressions, exactly", async () => {
    expect(history.months).toEqual(["2026-10", "2026-11"]);
    expect(history.invoices).toHaveLength(2);
    for (const month of history.months) {
      const { startMs, endMs } = monthBounds(month);
      const served = await db().impression.aggregate({
        where: { advertiserId, servedAtMs: { gte: BigInt(startMs), lt: BigInt(endMs) } },
        _sum: { costMicros: true },
        _count: true,
      });
      expect(served._count).toBeGreaterThan(0);
      const invoice = await db().invoice.findFirstOrThrow({ where: { advertiserId, kind: "invoice", month } });
      expect(invoice.totalMicros).toBe(served._sum.costMicros);
      expect(history.invoices).toContain(invoice.number);
    }
    expect(await db().billingMonth.count({ where: { month: { in: history.months } } })).toBe(2);
  });

  it("has paid every month's invoice but the last", async () => {
    const [older, last] = await Promise.all(
      history.months.map((month) => db().invoice.findFirstOrThrow({ where: { advertiserId, kind: "invoice", month } })),
    );
    expect(older).toMatchObject({ status: "paid", paidMicros: older!.totalMicros });
    expect(last).toMatchObject({ status: "issued", paidMicros: 0n });
  });

  it("ends the past campaigns and leaves this month's demo campaigns alone", async () => {
    const campaigns = await db().campaign.findMany({
      where: { advertiserId },
      select: { status: true, endDate: true },
    });
    const past = campaigns.filter((campaign) => campaign.endDate !== null && campaign.endDate < "2026-12-01");
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((campaign) => campaign.status === "ended")).toBe(true);
    expect(campaigns.some((campaign) => campaign.endDate === null && campaign.status === "active")).toBe(true);
  });

  it("is played once", async () => {
    const before = await db().impression.count();
    expect(await seedDemoHistory(advertiserId, { nowMs: NOW, log })).toEqual({ months: [], invoices: [] });
    expect(await db().impression.count()).toBe(before);
  });
});
