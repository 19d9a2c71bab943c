// both databases: rate limits
// E15 and manual redelivery make outbound requests on demand: 30 per minute per advertiser.
import { restRoute } from "@/test/rest-routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadEnv } from "@/lib/env";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { call } from "@/test/http";
import { startReceiver, type Receiver } from "@/test/webhook-receiver";

const { POST: register } = restRoute("/api/ads/webhooks");
const { POST: sendTest } = restRoute("/api/ads/webhooks/{id}/test");

let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  process.env.OUTBOUND_ALLOW_HOSTS = receiver.hostPort;
  reloadEnv();
});
afterAll(async () => {
  await receiver.close();
});

describe("webhook_send rate limit", () => {
  it("answers the 31st test send in a minute with 429, per advertiser", async () => {
    const adv = await createTestAdvertiser();
    const headers = await adv.auth();
    const endpoint = await call(register, "/api/ads/webhooks", {
      headers,
      body: { url: receiver.url("/hook"), events: ["click.recorded"] },
    });
    expect(endpoint.status).toBe(201);
    const id = endpoint.body.id as string;
    for (let i = 0; i < 30; i++) {
      const res = await call(sendTest, `/api/ads/webhooks/${id}/test`, { method: "POST", headers, params: { id } });
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-remaining")).toBe(String(29 - i));
    }
    const limited = await call(sendTest, `/api/ads/webhooks/${id}/test`, { method: "POST", headers, params: { id } });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(receiver.requests).toHaveLength(30);

    const other = await createTestAdvertiser("Other");
    const otherHeaders = await other.auth();
    const otherEndpoint = await call(register, "/api/ads/webhooks", {
      headers: otherHeaders,
      body: { url: receiver.url("/hook"), events: ["click.recorded"] },
    });
    const ok = await call(sendTest, `/api/ads/webhooks/${otherEndpoint.body.id}/test`, {
      method: "POST",
      headers: otherHeaders,
      params: { id: otherEndpoint.body.id },
    });
    expect(ok.status).toBe(200);
  });
});
