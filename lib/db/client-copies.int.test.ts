// both databases: the raw-SQL stores find each copy's connection
// The routes Next bundles carry their own copy of lib/db/client, beside the custom
// server's: a copy must know what the other recorded for the process-wide client
// (its database, its SQLite connection or pg pool), or the raw-SQL stores refuse
// to run from a route (E14 deactivates through the webhook attempt store).
import { describe, expect, it, vi } from "vitest";
import * as first from "@/lib/db/client";
import { SYSTEM_ACTORS } from "@/lib/history/changes";
import { createTestAdvertiser } from "@/test/factories/advertisers";

describe("a second copy of lib/db/client", () => {
  it("finds the process-wide client's database and connection, so the webhook store runs from either copy", async () => {
    const client = first.db();
    await client.$queryRawUnsafe("SELECT 1");
    const adv = await createTestAdvertiser();
    const endpoint = await client.webhookEndpoint.create({
      data: {
        id: crypto.randomUUID(),
        advertiserId: adv.advertiserId,
        url: "https://hooks.example.test/copy",
        events: '["click.recorded"]',
        secret: "s",
      },
    });

    vi.resetModules();
    const copy = await import("@/lib/db/client");
    expect(copy.dbKindOf).not.toBe(first.dbKindOf);
    expect(copy.db()).toBe(client);
    expect(copy.dbKindOf(client)).toBe(first.dbKind());
    if (first.dbKind() === "sqlite") expect(copy.sqliteHandleOf(client)).toBe(first.sqliteHandleOf(client));
    else expect(copy.pgPoolOf(client)).toBe(first.pgPoolOf(client));

    // the store, loaded with the copy, as a route loads it
    const { deactivateEndpoint } = await import("@/lib/webhooks/deactivate");
    const by = { actor: SYSTEM_ACTORS.operator, operation: "deactivateWebhookEndpoint" };
    expect(await deactivateEndpoint(copy.db(), endpoint.id, "Deactivated through the API.", Date.now(), by)).toBe(true);
    expect(await client.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
      isActive: false,
      deactivatedReason: "Deactivated through the API.",
    });
  });
});
