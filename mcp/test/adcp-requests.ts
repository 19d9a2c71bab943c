// AdCP task requests the MCP tests send: a push-notification creative and a create_media_buy
// request for one package on close_game.nba (the agent URL is the test server's /mcp).
export const AGENT = "http://sma.test/mcp";
const DAY = 86_400_000;

/** The buyer's push creative, its icon served by the test's icon server at `iconUrl`. */
export function pushCreative(iconUrl: string, overrides: Record<string, unknown> = {}) {
  return {
    creative_id: "buyer-creative-1",
    name: "Parlay push",
    format_id: { agent_url: AGENT, id: "push_notification" },
    assets: {
      headline: { asset_type: "text", content: "Your parlay is one leg away" },
      body: { asset_type: "text", content: "Cash out now or ride it: live odds inside." },
      cta: { asset_type: "text", content: "Open bet" },
      icon: { asset_type: "url", url: iconUrl },
      click_url: { asset_type: "url", url: "https://book.example.com/promo" },
      ...overrides,
    },
  };
}

/** create_media_buy for one package on close_game.nba for 10 days, with `pkg`'s fields over the defaults. */
export function buyRequest(idempotencyKey: string, iconUrl: string, pkg: Record<string, unknown> = {}) {
  return {
    idempotency_key: idempotencyKey,
    account: { brand: { domain: "acme.example" }, operator: "acme.example" },
    brand: { domain: "acme.example" },
    start_time: "asap",
    end_time: new Date(Date.now() + 10 * DAY).toISOString(),
    packages: [
      {
        product_id: "close_game.nba",
        budget: 100,
        pricing_option_id: "cpm_auction",
        bid_price: 2.5,
        creatives: [pushCreative(iconUrl)],
        ...pkg,
      },
    ],
  };
}
