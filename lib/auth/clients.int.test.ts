// The "not revoked" cache of API clients is one per process: Next bundles each route with its
// own copy of lib/auth/clients.ts, and a revocation through one copy (the dashboard's API keys
// page, the operator CLI) must reach the copy the REST guard reads at once.
import { describe, expect, it, vi } from "vitest";
import { createTestAdvertiser } from "@/test/factories/advertisers";

type ClientsModule = typeof import("./clients");

/** A fresh copy of the module, as another bundle loads it. */
async function anotherCopy(): Promise<ClientsModule> {
  vi.resetModules();
  return import("./clients");
}

describe("client status cache", () => {
  it("a revocation through one copy of the module is seen by another copy at once", async () => {
    const adv = await createTestAdvertiser();
    const guard = await anotherCopy();
    const dashboard = await anotherCopy();
    expect(guard).not.toBe(dashboard);
    // the guard's copy caches "active" for CLIENT_STATUS_CACHE_MS
    expect(await guard.isClientActive(adv.clientId, adv.advertiserId)).toBe(true);
    await dashboard.revokeClient(adv.clientId);
    expect(await guard.isClientActive(adv.clientId, adv.advertiserId)).toBe(false);
  });
});
