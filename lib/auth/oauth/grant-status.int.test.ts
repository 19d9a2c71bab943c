// A connected app's status cache (lib/auth/oauth/grant-status.ts): 30 s per
// process, forgotten at once where the app is revoked, whichever copy of the
// module revoked it (Next gives each route its own copy of the modules it loads).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { fixedClock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { GRANT_STATUS_CACHE_MS } from "./grant-status";

let advertiserId: string;
let userId: string;

beforeAll(async () => {
  const adv = await createTestAdvertiser("Status Co");
  advertiserId = adv.advertiserId;
  userId = (await db().user.findFirstOrThrow({ where: { memberships: { some: { advertiserId } } } })).id;
});

async function grant(id: string) {
  await db().oAuthGrant.create({
    data: {
      id,
      advertiserId,
      userId,
      clientId: "oac_x",
      clientName: "X",
      scopes: "campaigns:read",
      resource: "http://sma.test/mcp",
    },
  });
}

/** A fresh copy of the module, as another route bundle holds one. */
async function freshCopy() {
  vi.resetModules();
  return import("./grant-status");
}

describe("the grant status cache", () => {
  it("keeps an answer 30 s, records the use, and sees a revocation elsewhere after that", async () => {
    const { isGrantActive } = await freshCopy();
    await grant("ogr_cache1");
    const t0 = Date.UTC(2026, 10, 27, 10);
    expect(await isGrantActive("ogr_cache1", advertiserId, { clock: fixedClock(t0) })).toBe(true);
    expect((await db().oAuthGrant.findUniqueOrThrow({ where: { id: "ogr_cache1" } })).lastUsedAt).toEqual(new Date(t0));
    await db().oAuthGrant.update({ where: { id: "ogr_cache1" }, data: { revokedAt: new Date(t0) } });
    expect(await isGrantActive("ogr_cache1", advertiserId, { clock: fixedClock(t0 + GRANT_STATUS_CACHE_MS - 1) })).toBe(
      true,
    );
    expect(await isGrantActive("ogr_cache1", advertiserId, { clock: fixedClock(t0 + GRANT_STATUS_CACHE_MS) })).toBe(
      false,
    );
    // another advertiser's token naming the grant is refused
    await grant("ogr_cache2");
    expect(await isGrantActive("ogr_cache2", "adv_other", { clock: fixedClock(t0) })).toBe(false);
  });

  it("is forgotten at once when any copy of the module forgets a revoked grant", async () => {
    const reader = await freshCopy();
    const revoker = await freshCopy();
    expect(reader.isGrantActive).not.toBe(revoker.isGrantActive);
    await grant("ogr_cache3");
    const t0 = Date.UTC(2026, 10, 27, 11);
    expect(await reader.isGrantActive("ogr_cache3", advertiserId, { clock: fixedClock(t0) })).toBe(true);
    await db().oAuthGrant.update({ where: { id: "ogr_cache3" }, data: { revokedAt: new Date(t0) } });
    revoker.forgetGrantStatus("ogr_cache3");
    expect(await reader.isGrantActive("ogr_cache3", advertiserId, { clock: fixedClock(t0 + 1) })).toBe(false);
  });
});
