import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedClick } from "@/test/factories/delivery";
import { forwardDuePostbacks, onPostbackForwardWake, POSTBACK_MAX_ATTEMPTS } from "./forward-postbacks";
import { recordPostback } from "./record-conversion";

// A real local receiver: records every request, answers with the status the test sets per path.
let server: Server;
let host: string;
const received: { path: string; url: string }[] = [];
const statusByPath = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? "/", "http://receiver");
    received.push({ path: url.pathname, url: req.url ?? "" });
    res.statusCode = statusByPath.get(url.pathname) ?? 200;
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function conversionWithForward(path: string, now: number) {
  const adv = await createTestAdvertiser();
  const campaign = await createTestCampaign({
    advertiserId: adv.advertiserId,
    postbackUrl: `http://${host}${path}?click_id={click_id}&campaign_id={campaign_id}&event={event_type}&value={event_value_usd}`,
  });
  const click = await seedClick(campaign, now - 60_000);
  const result = await recordPostback(
    { campaign_id: campaign.id, click_id: click.clickId, event_type: "purchase", event_value_usd: 7.25 },
    { clock: () => now },
  );
  expect(result).toEqual({ status: "recorded" });
  return {
    campaign,
    click,
    forward: await db().postbackForward.findFirstOrThrow({ where: { campaignId: campaign.id } }),
  };
}

const hits = (path: string) => received.filter((entry) => entry.path === path);

describe("postback forwarding", () => {
  it("sends one GET with the substituted macros and marks the row succeeded", async () => {
    const now = Date.now();
    const { campaign, click, forward } = await conversionWithForward("/ok", now);
    expect(hits("/ok")).toHaveLength(0); // recording never sends inline

    const outcomes = await forwardDuePostbacks({ clock: () => now, allowHosts: [host] });
    expect(outcomes.find((outcome) => outcome.id === forward.id)).toMatchObject({ outcome: "succeeded", status: 200 });
    expect(hits("/ok").map((entry) => entry.url)).toEqual([
      `/ok?click_id=${click.clickId}&campaign_id=${campaign.id}&event=purchase&value=7.25`,
    ]);
    expect(await db().postbackForward.findUniqueOrThrow({ where: { id: forward.id } })).toMatchObject({
      status: "succeeded",
      attempts: 1,
      lockedUntilMs: null,
      lastError: null,
    });
    // nothing is due any more
    await forwardDuePostbacks({ clock: () => now + 3_600_000, allowHosts: [host] });
    expect(hits("/ok")).toHaveLength(1);
  });

  it("retries a failing receiver with backoff, then gives up after the last attempt", async () => {
    statusByPath.set("/down", 503);
    let now = Date.now();
    const { forward } = await conversionWithForward("/down", now);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= POSTBACK_MAX_ATTEMPTS; attempt++) {
      // not due yet: a run just before the next attempt sends nothing
      if (attempt > 1) {
        const row = await db().postbackForward.findUniqueOrThrow({ where: { id: forward.id } });
        const due = Number(row.nextAttemptMs);
        delays.push(due - now);
        await forwardDuePostbacks({ clock: () => due - 1, allowHosts: [host] });
        expect(hits("/down")).toHaveLength(attempt - 1);
        now = due;
      }
      await forwardDuePostbacks({ clock: () => now, allowHosts: [host], random: () => 0.5 });
      expect(hits("/down")).toHaveLength(attempt);
    }
    expect(delays).toEqual([10_000, 60_000, 600_000, 3_600_000]);
    expect(await db().postbackForward.findUniqueOrThrow({ where: { id: forward.id } })).toMatchObject({
      status: "failed",
      attempts: POSTBACK_MAX_ATTEMPTS,
      lastError: "HTTP 503",
      lockedUntilMs: null,
    });
    await forwardDuePostbacks({ clock: () => now + 86_400_000, allowHosts: [host] });
    expect(hits("/down")).toHaveLength(POSTBACK_MAX_ATTEMPTS);
  });

  it("refuses a private address before connecting and does not retry it", async () => {
    const now = Date.now();
    const { forward } = await conversionWithForward("/private", now);
    // the receiver listens on 127.0.0.1, but without the allow-list exemption the guard refuses it
    await db().postbackForward.update({ where: { id: forward.id }, data: { url: `https://${host}/private?x=1` } });
    const outcomes = await forwardDuePostbacks({ clock: () => now, allowHosts: [] });
    expect(outcomes.find((outcome) => outcome.id === forward.id)?.outcome).toBe("failed");
    expect(hits("/private")).toHaveLength(0);
    const row = await db().postbackForward.findUniqueOrThrow({ where: { id: forward.id } });
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/^blocked \(private_address\)/);
  });

  it("claims are exclusive: concurrent runs (as on several instances) send each forward once", async () => {
    const now = Date.now();
    const forwards: { id: string }[] = [];
    for (let index = 0; index < 6; index++) forwards.push((await conversionWithForward("/claimed", now)).forward);
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => forwardDuePostbacks({ clock: () => now, allowHosts: [host], concurrency: 3 })),
    );
    const sent = runs.flat().filter((outcome) => forwards.some((forward) => forward.id === outcome.id));
    expect(sent).toHaveLength(6);
    expect(new Set(sent.map((outcome) => outcome.id)).size).toBe(6);
    expect(hits("/claimed")).toHaveLength(6);
  });

  it("a row locked by a live claim is skipped; an expired claim is taken over", async () => {
    const now = Date.now();
    const { forward } = await conversionWithForward("/locked", now);
    await db().postbackForward.update({ where: { id: forward.id }, data: { lockedUntilMs: BigInt(now + 30_000) } });
    await forwardDuePostbacks({ clock: () => now, allowHosts: [host] });
    expect(hits("/locked")).toHaveLength(0);
    await forwardDuePostbacks({ clock: () => now + 30_000, allowHosts: [host] });
    expect(hits("/locked")).toHaveLength(1);
  });

  it("recording a conversion with a forward wakes the forwarder in this process", async () => {
    let wakes = 0;
    const stop = onPostbackForwardWake(() => wakes++);
    try {
      await conversionWithForward("/wake", Date.now());
    } finally {
      stop();
    }
    expect(wakes).toBe(1);
  });
});
