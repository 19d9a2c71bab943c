// The demo's past (DEMO=1, first start): the two months before this one, played
// through the real delivery engine on a clock set in those months, then invoiced
// by the real month close, so a fresh clone's Billing page has invoices drawn
// from simulated spend (the older one paid) and its reports have history. The
// past campaigns ran from their month's first day to its last; the simulation is
// the demo's own (simulated games, bettors, clicks and postbacks), answered in
// process by the engine instead of over HTTP. Once: nothing is done when the demo
// advertiser has an invoice or a past campaign.
import type { Logger } from "pino";
import { db } from "@/lib/db/client";
import { momentInput } from "@/lib/delivery/delivery.schemas";
import { DeliveryEngine } from "@/lib/delivery/engine/delivery-engine";
import { createDeliveryStore } from "@/lib/delivery/engine/engine-instance";
import { sweepCampaignLifecycle } from "@/lib/delivery/jobs/lifecycle";
import { recordPayment } from "@/lib/domain/billing/accounts";
import { issueInvoices } from "@/lib/domain/billing/invoices";
import { monthBounds, previousMonth } from "@/lib/domain/billing/months";
import { recordConversionInput } from "@/lib/domain/conversions/conversions.schemas";
import { recordPostback } from "@/lib/domain/conversions/record-conversion";
import { env } from "@/lib/env";
import { parseInput } from "@/lib/errors";
import { postbackQueryInput } from "@/lib/http/postback-request";
import { restPath } from "@/lib/http/rest-surface";
import { microsToUsd } from "@/lib/money";
import { DAY_MS, HOUR_MS } from "@/lib/clock";
import { momentAnswer } from "@/lib/server/moment-answer";
import type { HttpClient, HttpResponse } from "@/lib/simulator/http-client";
import { runSimulation } from "@/lib/simulator/run-simulation";
import { campaignRow, DEMO_CAMPAIGNS, RIVALS } from "./demo-campaigns";

export type DemoHistoryOptions = {
  /** the present, epoch ms: the months before it are played */
  nowMs: number;
  log: Logger;
  /** months played before the present one (2) */
  months?: number;
  /** game nights per month (6) */
  nights?: number;
  /** games per night (4) and bettors per night (500) */
  games?: number;
  users?: number;
};

export type DemoHistory = { months: string[]; invoices: string[] };

const NO_HISTORY: DemoHistory = { months: [], invoices: [] };
/** the simulated game nights start at 23:00 UTC (evening games in North America) */
const NIGHT_START_MS = 23 * HOUR_MS;

/** Plays and invoices the demo's past months once; returns the months played and the invoice numbers issued. */
export async function seedDemoHistory(advertiserId: string, options: DemoHistoryOptions): Promise<DemoHistory> {
  const { startMs: thisMonthMs } = monthBounds(new Date(options.nowMs).toISOString().slice(0, 7));
  const [invoiced, past] = await Promise.all([
    db().invoice.count({ where: { advertiserId } }),
    db().campaign.count({ where: { advertiserId, endDate: { lt: isoDay(thisMonthMs) } } }),
  ]);
  if (invoiced > 0 || past > 0) return NO_HISTORY;
  const months: string[] = [];
  for (let ms = thisMonthMs, count = options.months ?? 2; months.length < count;) {
    const month = previousMonth(ms);
    months.unshift(month);
    ms = monthBounds(month).startMs;
  }
  const rival = await db().advertiser.findFirst({ where: { email: RIVALS[0]!.email }, select: { id: true } });
  for (const [index, month] of months.entries()) {
    await pastCampaigns(advertiserId, rival?.id ?? null, month);
    await playMonth(month, index, options);
  }
  // the past campaigns end as every campaign does past its end date
  await sweepCampaignLifecycle(options.nowMs);
  const invoices: string[] = [];
  for (const month of months) {
    const { issued } = await issueInvoices({ month }, { nowMs: options.nowMs });
    invoices.push(...issued.filter((document) => document.advertiser_id === advertiserId).map((doc) => doc.number));
  }
  // every month's invoice but the last has been paid
  const paid = await db().invoice.findMany({
    where: { advertiserId, kind: "invoice", month: { in: months.slice(0, -1) }, totalMicros: { gt: 0n } },
    select: { number: true, totalMicros: true },
  });
  for (const invoice of paid) {
    await recordPayment(
      { invoice_number: invoice.number, amount_usd: microsToUsd(invoice.totalMicros), reference: "Demo wire transfer" },
      { nowMs: options.nowMs },
    );
  }
  options.log.info({ months, invoices }, "demo history played and invoiced");
  return { months, invoices };
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The demo advertiser's campaigns and the first rival's, as they ran through `month`. */
async function pastCampaigns(advertiserId: string, rivalId: string | null, month: string): Promise<void> {
  const { startMs, endMs } = monthBounds(month);
  const label = new Date(startMs).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  const plan = [{ advertiserId, campaigns: DEMO_CAMPAIGNS }];
  if (rivalId) plan.push({ advertiserId: rivalId, campaigns: RIVALS[0]!.campaigns });
  await db().$transaction(async (tx) => {
    for (const entry of plan) {
      for (const campaign of entry.campaigns) {
        const row = campaignRow(
          entry.advertiserId,
          { ...campaign, name: `${campaign.name} (${label})` },
          isoDay(startMs),
          new Date(startMs),
          isoDay(endMs - DAY_MS),
        );
        await tx.campaign.create({ data: row });
      }
    }
  });
}

/** The month's game nights, each a simulation answered by an engine whose clock is that night's. */
async function playMonth(month: string, index: number, options: DemoHistoryOptions): Promise<void> {
  const { startMs, endMs } = monthBounds(month);
  const nights = options.nights ?? 6;
  let now = startMs;
  const clock = () => now;
  const engine = await new DeliveryEngine({
    store: createDeliveryStore(),
    log: options.log.child({ area: "demo-history" }),
    publicBaseUrl: env().PUBLIC_BASE_URL,
    clock,
    refreshMs: 0,
  }).start();
  try {
    const client = inProcessClient(engine, clock);
    const spacing = Math.floor((endMs - startMs) / DAY_MS / nights);
    for (let night = 0; night < nights; night++) {
      now = startMs + (2 + night * spacing) * DAY_MS + NIGHT_START_MS;
      await engine.index.refresh();
      await runSimulation({
        baseUrl: env().PUBLIC_BASE_URL,
        platformKey: "in-process",
        games: options.games ?? 4,
        users: options.users ?? 500,
        speed: 0,
        seed: 7_000 + index * 100 + night,
        concurrency: 4,
        client,
        clock,
        // the game clock moves the engine's: a step is 30 s of play
        onProgress: () => {
          now += 30_000;
        },
      });
    }
  } finally {
    await engine.stop();
    await engine.store.close();
  }
}

/** The simulator's requests answered in process: moments and clicks by `engine`, postbacks by the domain, at `clock`. */
function inProcessClient(engine: DeliveryEngine, clock: () => number): HttpClient {
  const answer = (status: number, body = ""): HttpResponse => ({ status, headers: {}, body });
  return {
    async request(method, url, options = {}) {
      const target = new URL(url);
      const { pathname } = target;
      if (method === "POST" && pathname === restPath("fanOutMoment")) {
        const input = parseInput(momentInput, JSON.parse(options.body ?? "null"));
        return answer(200, JSON.stringify(momentAnswer(await engine.fanOut(input, { sandbox: true }))));
      }
      if (method === "GET" && pathname.startsWith("/c/")) {
        return answer((await engine.click(decodeURIComponent(pathname.slice(3)))) ? 302 : 404);
      }
      if (method === "GET" && pathname === restPath("recordConversionQuery")) {
        const input = parseInput(
          recordConversionInput,
          postbackQueryInput({ request: new Request(target), url: target }),
        );
        await recordPostback(input, { clock });
        return answer(200);
      }
      return answer(404);
    },
    close() {},
  };
}
