// both databases: endpoints matched by their events as text
// E13's cap of active endpoints holds when registrations race (both databases:
// on PostgreSQL the count and the insert of concurrent calls would otherwise
// interleave on separate connections).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { newUuid } from "@/lib/ids";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { startReceiver, type Receiver } from "@/test/webhook-receiver";
import { MAX_ACTIVE_ENDPOINTS, registerWebhook } from "./register-webhook";

let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

describe("registerWebhook", () => {
  it("holds the 20-active-endpoint cap under concurrent registrations", async () => {
    const busy = await createTestAdvertiser("Racing hooks");
    // two places left; an inactive endpoint does not count
    await db().webhookEndpoint.createMany({
      data: Array.from({ length: MAX_ACTIVE_ENDPOINTS - 1 }, (_, index) => ({
        id: newUuid(),
        advertiserId: busy.advertiserId,
        url: receiver.url(`/taken-${index}`),
        events: JSON.stringify(["click.recorded"]),
        secret: "0".repeat(64),
        isActive: index !== 0,
      })),
    });
    const actor = actorFor(busy.advertiserId);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) =>
        registerWebhook(
          actor,
          { url: receiver.url(`/racer-${index}`), events: ["click.recorded"] },
          { allowHosts: [receiver.hostPort] },
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(2);
    for (const outcome of outcomes.filter((entry) => entry.status === "rejected")) {
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: "conflict" });
    }
    expect(await db().webhookEndpoint.count({ where: { advertiserId: busy.advertiserId, isActive: true } })).toBe(
      MAX_ACTIVE_ENDPOINTS,
    );
  });
});
