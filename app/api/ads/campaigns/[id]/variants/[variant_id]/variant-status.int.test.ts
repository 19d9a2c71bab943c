// PATCH /api/ads/campaigns/{id}/variants/{variant_id}: pausing a variant re-splits
// the campaign's traffic, resuming it splits it back (no new review); no-ops,
// pending and rejected variants, final campaigns, bad bodies, another
// campaign's variant and another advertiser's campaign; delivery is told.
import { restRoute } from "@/test/rest-routes";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { onCampaignsChanged } from "@/lib/process-events";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { call } from "@/test/http";
import { expectMatchesOpenApi, expectRequestMatchesOpenApi } from "@/test/openapi";

const { PATCH } = restRoute("/api/ads/campaigns/{id}/variants/{variant_id}");

let adv: TestAdvertiser;
let rival: TestAdvertiser;
let headers: Record<string, string>;

beforeAll(async () => {
  adv = await createTestAdvertiser("Variants");
  rival = await createTestAdvertiser("Rival");
  headers = await adv.auth();
});

const path = (id: string, variantId: string) => `/api/ads/campaigns/${id}/variants/${variantId}`;
const patch = (id: string, variantId: string, body: unknown, h = headers) =>
  call(PATCH, path(id, variantId), { method: "PATCH", body, headers: h, params: { id, variant_id: variantId } });

type Variant = { id: string; variant_label: string; status: string; traffic_allocation: number };
const split = (body: { variants: Variant[] }) =>
  body.variants.map((variant) => [variant.variant_label, variant.status, variant.traffic_allocation]);

describe("PATCH /api/ads/campaigns/{id}/variants/{variant_id}", () => {
  it("pauses an approved variant (traffic re-splits), resumes it, and tells delivery each time", async () => {
    const campaign = await createTestCampaign({
      advertiserId: adv.advertiserId,
      creatives: [{}, {}, { status: "rejected" }],
    });
    const [a, b] = campaign.creatives;
    const changed: string[][] = [];
    const off = onCampaignsChanged((ids) => changed.push([...ids]));
    expectRequestMatchesOpenApi("PATCH", path(campaign.id, b!.id), { status: "paused" });
    const paused = await patch(campaign.id, b!.id, { status: "paused" });
    expect(paused.status).toBe(200);
    expectMatchesOpenApi("PATCH", path(campaign.id, b!.id), 200, paused.body);
    expect(split(paused.body)).toEqual([
      ["variant_a", "approved", 1],
      ["variant_b", "paused", 0],
      ["variant_c", "rejected", 0],
    ]);
    expect(paused.body.delivery_status).toBe("delivering");

    // pausing again changes nothing (no version bump, no reload, no history row)
    const again = await patch(campaign.id, b!.id, { status: "paused" });
    expect(again.status).toBe(200);
    expect(split(again.body)).toEqual(split(paused.body));
    const history = await db().change.findMany({ where: { campaignId: campaign.id, operation: "setVariantStatus" } });
    expect(history.map((row) => [row.targetId, JSON.parse(row.fields)])).toEqual([
      [b!.id, { status: { from: "approved", to: "paused" } }],
    ]);

    // the last approved variant paused: nothing left to deliver
    const none = await patch(campaign.id, a!.id, { status: "paused" });
    expect(none.body.delivery_status).toBe("pending_creatives");

    const resumed = await patch(campaign.id, b!.id, { status: "approved" });
    expect(resumed.status).toBe(200);
    expect(split(resumed.body)).toEqual([
      ["variant_a", "paused", 0],
      ["variant_b", "approved", 1],
      ["variant_c", "rejected", 0],
    ]);
    off();
    expect(changed).toEqual([[campaign.id], [campaign.id], [campaign.id]]);
    const row = await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(row.version).toBe(campaign.version + 3);
  });

  it("refuses pending and rejected variants and any variant of an ended or cancelled campaign (409)", async () => {
    const campaign = await createTestCampaign({
      advertiserId: adv.advertiserId,
      creatives: [{}, { status: "rejected" }, { status: "pending" }],
    });
    const [, rejected, pending] = campaign.creatives;
    for (const [variant, status] of [
      [rejected!, "paused"],
      [rejected!, "approved"],
      [pending!, "paused"],
    ] as const) {
      const res = await patch(campaign.id, variant.id, { status });
      expect(res.status, `${variant.status} -> ${status}`).toBe(409);
      expect(res.body.code).toBe("invalid_transition");
    }
    for (const status of ["ended", "cancelled"] as const) {
      const final = await createTestCampaign({ advertiserId: adv.advertiserId, status });
      const res = await patch(final.id, final.creatives[0]!.id, { status: "paused" });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("invalid_transition");
      expect(res.body.detail).toContain(status);
    }
    const rows = await db().creative.findMany({ where: { campaignId: campaign.id }, orderBy: { variantIndex: "asc" } });
    expect(rows.map((row) => row.status)).toEqual(["approved", "rejected", "pending"]);
  });

  it("checks the body before anything (422), then the campaign and the variant (404)", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    const other = await createTestCampaign({ advertiserId: adv.advertiserId });
    const theirs = await createTestCampaign({ advertiserId: rival.advertiserId });
    const variant = campaign.creatives[0]!.id;

    for (const body of [{}, { status: "active" }, { status: "rejected" }, { status: "paused", extra: 1 }, []]) {
      const res = await patch(campaign.id, variant, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("validation_failed");
    }
    const noJson = await call(PATCH, path(campaign.id, variant), {
      method: "PATCH",
      body: "status=paused",
      headers: { ...headers, "content-type": "text/plain" },
      params: { id: campaign.id, variant_id: variant },
    });
    expect(noJson.status).toBe(400);
    // a malformed body for a campaign the caller does not own is still 422: validation reads the body alone
    expect((await patch(theirs.id, theirs.creatives[0]!.id, { status: "on" })).status).toBe(422);

    const notMine = await patch(theirs.id, theirs.creatives[0]!.id, { status: "paused" });
    expect(notMine.status).toBe(404);
    expect(notMine.body.code).toBe("not_found");
    const wrongCampaign = await patch(other.id, variant, { status: "paused" });
    expect(wrongCampaign.status).toBe(404);
    expect((await patch(campaign.id, "cr_missing", { status: "paused" })).status).toBe(404);
    expect((await db().creative.findUniqueOrThrow({ where: { id: theirs.creatives[0]!.id } })).status).toBe("approved");
    expect((await db().creative.findUniqueOrThrow({ where: { id: variant } })).status).toBe("approved");
  });

  it("needs campaigns:write", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    const res = await patch(
      campaign.id,
      campaign.creatives[0]!.id,
      { status: "paused" },
      await adv.auth(["campaigns:read"]),
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("insufficient_scope");
  });
});
