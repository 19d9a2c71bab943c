// both databases: rate limits
// Guessing click ids: unknown ids are counted per IP (60 a minute); a valid postback is
// not counted, but once an IP's misses fill the window, that IP is refused until it
// frees, valid postbacks included; other addresses are not affected.
import { restRoute } from "@/test/rest-routes";
import { describe, expect, it } from "vitest";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedClick } from "@/test/factories/delivery";
import { call } from "@/test/http";

const { GET, POST } = restRoute("/api/ads/postback");

describe("postback click-id guessing limit", () => {
  it(
    "refuses an IP after 60 unknown click ids in a minute, without limiting other IPs or valid traffic before it",
    { timeout: 60_000 },
    async () => {
      const adv = await createTestAdvertiser();
      const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
      const ip = "198.51.100.200";
      for (let i = 0; i < 60; i++) {
        const miss = await call(GET, "/api/ads/postback", {
          ip,
          query: { campaign_id: campaign.id, click_id: `clk_guess${i}`, event_type: "install" },
        });
        expect(miss.status).toBe(404);
        // valid postbacks in between are fine and not counted
        if (i % 20 === 0) {
          const click = await seedClick(campaign, Date.now() - 1000);
          const ok = await call(POST, "/api/ads/postback", {
            ip,
            body: { campaign_id: campaign.id, click_id: click.clickId, event_type: "install" },
          });
          expect(ok.body).toEqual({ status: "recorded" });
        }
      }
      const click = await seedClick(campaign, Date.now() - 1000);
      const limited = await call(POST, "/api/ads/postback", {
        ip,
        body: { campaign_id: campaign.id, click_id: click.clickId, event_type: "install" },
      });
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe("rate_limited");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

      const elsewhere = await call(POST, "/api/ads/postback", {
        ip: "198.51.100.201",
        body: { campaign_id: campaign.id, click_id: click.clickId, event_type: "install" },
      });
      expect(elsewhere.body).toEqual({ status: "recorded" });
    },
  );

  // counted first, refunded on success: concurrent misses cannot all read "below the limit" before any is counted
  it("never admits more than 60 concurrent misses from one IP, whatever order they arrive in", async () => {
    const adv = await createTestAdvertiser();
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    const ip = "198.51.100.210";
    const responses = await Promise.all(
      Array.from({ length: 90 }, (_, i) =>
        call(GET, "/api/ads/postback", {
          ip,
          query: { campaign_id: campaign.id, click_id: `clk_burst${i}`, event_type: "install" },
        }),
      ),
    );
    const statuses = responses.map((res) => res.status);
    const admitted = statuses.filter((status) => status === 404).length;
    expect(admitted).toBeLessThanOrEqual(60);
    expect(admitted).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 404 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 429).length).toBe(90 - admitted);

    // a later miss is refused too: the window is full
    const after = await call(GET, "/api/ads/postback", {
      ip,
      query: { campaign_id: campaign.id, click_id: "clk_after", event_type: "install" },
    });
    expect(after.status).toBe(429);
  });
});
