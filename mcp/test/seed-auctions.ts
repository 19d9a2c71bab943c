// Filled auctions for the clearing-price tests of the MCP tools: 30 close_game
// NBA auctions in the last hour, won in turn by three advertisers, clearing at
// 0.50, 0.51 … 0.79 USD CPM (a market that may be published: percentiles p25
// 0.5725, p50 0.645, p75 0.7175, p90 0.761).
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

export const SEEDED_PERCENTILES = { p25: 0.5725, p50: 0.645, p75: 0.7175, p90: 0.761 };

export async function seedCloseGameAuctions(): Promise<void> {
  await db().auction.createMany({
    data: Array.from({ length: 30 }, (_, i) => ({
      id: newId("auc"),
      momentType: "close_game",
      sport: "nba",
      outcome: "filled",
      bidders: 2,
      winningBidMicros: 2_000_000n,
      clearingCpmMicros: BigInt(500_000 + i * 10_000),
      winnerAdvertiserId: `adv_seeded${i % 3}`,
      occurredAtMs: BigInt(Date.now() - 3_600_000 + i * 1000),
    })),
  });
}
