// Shared setup for the delivery integration tests (not imported by app code).
import { fixedClock, type Clock } from "@/lib/clock";
import { logger } from "@/lib/log";
import { db, type Prisma } from "@/lib/db/client";
import { env } from "@/lib/env";
import { createTestCampaign, type TestCampaignInput } from "@/test/factories/campaigns";
import { DeliveryEngine } from "@/lib/delivery/engine/delivery-engine";
import { createDeliveryStore } from "@/lib/delivery/engine/engine-instance";

export const NOV_22_NOON = Date.UTC(2026, 10, 22, 12, 0, 0);

/** A clock a test moves by setting `now` (epoch ms). */
export type TestClock = Clock & { now: number };

export function testClock(start = NOV_22_NOON): TestClock {
  const clock = (() => clock.now) as TestClock;
  clock.now = start;
  return clock;
}

/** A campaign created long ago (so even pacing starts at the UTC day), pacing asap unless told. */
export async function deliveryCampaign(input: TestCampaignInput) {
  return createTestCampaign({ createdAt: new Date("2026-01-01T00:00:00Z"), ...input, pacing: input.pacing ?? "asap" });
}

export async function startTestEngine(options: { clock?: Clock; random?: () => number } = {}): Promise<DeliveryEngine> {
  return new DeliveryEngine({
    store: createDeliveryStore(),
    log: logger(),
    publicBaseUrl: env().PUBLIC_BASE_URL,
    clock: options.clock ?? fixedClock(NOV_22_NOON),
    random: options.random ?? (() => 0),
    refreshMs: 0,
  }).start();
}

export const moment = (
  overrides: Partial<{ moment_type: string; sport: string; game_id: string; user_id: string }> = {},
) =>
  ({ moment_type: "close_game", sport: "nba", game_id: "game-1", user_id: "user-1", ...overrides }) as {
    moment_type: "close_game";
    sport: "nba";
    game_id: string;
    user_id: string;
  };

/** How many auctions the rows matching `where` stand for (a batch's alike auctions share a counted row). */
export async function countAuctions(where: Prisma.AuctionWhereInput = {}): Promise<number> {
  const sum = await db().auction.aggregate({ where, _sum: { auctionCount: true } });
  return sum._sum.auctionCount ?? 0;
}

/** Auctions per outcome, counted, in the outcomes' order. */
export async function auctionOutcomes(where: Prisma.AuctionWhereInput = {}): Promise<Record<string, number>> {
  const groups = await db().auction.groupBy({
    by: ["outcome"],
    where,
    _sum: { auctionCount: true },
    orderBy: { outcome: "asc" },
  });
  return Object.fromEntries(groups.map((group) => [group.outcome, group._sum.auctionCount ?? 0]));
}

/** Integration test files share one database: start each test from empty delivery tables. */
export async function resetDeliveryTables(): Promise<void> {
  const client = db();
  await client.outboxEvent.deleteMany();
  await client.change.deleteMany();
  await client.click.deleteMany();
  await client.conversion.deleteMany();
  await client.impression.deleteMany();
  await client.auction.deleteMany();
  await client.hourlyRollup.deleteMany();
  await client.bidAdjustment.deleteMany();
  await client.creative.deleteMany();
  await client.campaign.deleteMany();
}
