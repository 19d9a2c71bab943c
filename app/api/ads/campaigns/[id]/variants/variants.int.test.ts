// E8: variant labels in order (also under concurrency), automatic review,
// traffic split, icon check, final campaigns, cross-tenant 404.
import { restRoute } from "@/test/rest-routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { ICON_UNREACHABLE_MESSAGE } from "@/lib/domain/creatives/check-icon-url";
import { MAX_VARIANTS_PER_CAMPAIGN } from "@/lib/domain/creatives/add-creative-variant";
import { onCampaignsChanged } from "@/lib/process-events";
import { creativeBody } from "@/test/campaign-input";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { call } from "@/test/http";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { expectMatchesOpenApi, expectRequestMatchesOpenApi } from "@/test/openapi";

const { GET } = restRoute("/api/ads/campaigns/{id}");
const { POST } = restRoute("/api/ads/campaigns/{id}/variants");

let icons: IconServer;
let adv: TestAdvertiser;
let headers: Record<string, string>;

beforeAll(async () => {
  icons = await startIconServer();
  adv = await createTestAdvertiser();
  headers = await adv.auth();
});
afterAll(() => icons.close());

const path = (id: string) => `/api/ads/campaigns/${id}/variants`;
const add = (id: string, body: unknown, h = headers) =>
  call(POST, path(id), { method: "POST", body, headers: h, params: { id } });

describe("POST /api/ads/campaigns/{id}/variants (E8)", () => {
  it("labels variants in order, reviews them, splits traffic equally across approved ones and bumps the version", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    const changed: string[][] = [];
    const off = onCampaignsChanged((ids) => changed.push([...ids]));
    const body = creativeBody(icons.url(), { headline: "Variant B" });
    expectRequestMatchesOpenApi("POST", path(campaign.id), body);
    const b = await add(campaign.id, body);
    expect(b.status).toBe(201);
    expectMatchesOpenApi("POST", path(campaign.id), 201, b.body);
    expect(b.body).toEqual({
      id: expect.stringMatching(/^cr_/),
      variant_label: "variant_b",
      traffic_allocation: 0.5,
      status: "approved",
      review_reason: null,
    });

    const c = await add(campaign.id, creativeBody(icons.url(), { body: "A guaranteed win tonight: tap to claim." }));
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({
      variant_label: "variant_c",
      status: "rejected",
      traffic_allocation: 0,
      review_reason: expect.stringMatching(/guaranteed win/),
    });

    const d = await add(campaign.id, creativeBody(icons.url(), { cta_text: null }));
    expect(d.body).toMatchObject({ variant_label: "variant_d", status: "approved", traffic_allocation: 0.333333 });
    off();
    expect(changed).toEqual([[campaign.id], [campaign.id], [campaign.id]]);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).version).toBe(campaign.version + 3);

    const detail = await call(GET, `/api/ads/campaigns/${campaign.id}`, { headers, params: { id: campaign.id } });
    expectMatchesOpenApi("GET", `/api/ads/campaigns/${campaign.id}`, 200, detail.body);
    expect(
      detail.body.variants.map((v: { variant_label: string; status: string; traffic_allocation: number }) => [
        v.variant_label,
        v.status,
        v.traffic_allocation,
      ]),
    ).toEqual([
      ["variant_a", "approved", 0.333333],
      ["variant_b", "approved", 0.333333],
      ["variant_c", "rejected", 0],
      ["variant_d", "approved", 0.333333],
    ]);
    expect(detail.body.variants[2].review_reason).toMatch(/responsible-gambling/);
    expect(detail.body.creative.variant_label).toBe("variant_a");
  });

  it("never gives two simultaneous requests the same label", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => add(campaign.id, creativeBody(icons.url(), { headline: `Concurrent ${i}` }))),
    );
    expect(results.map((res) => res.status)).toEqual(Array(8).fill(201));
    const labels = results.map((res) => res.body.variant_label as string).sort();
    expect(labels).toEqual([
      "variant_b",
      "variant_c",
      "variant_d",
      "variant_e",
      "variant_f",
      "variant_g",
      "variant_h",
      "variant_i",
    ]);
    const stored = await db().creative.findMany({
      where: { campaignId: campaign.id },
      orderBy: { variantIndex: "asc" },
    });
    expect(stored.map((row) => row.variantIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it(`stops at ${MAX_VARIANTS_PER_CAMPAIGN} variants (variant_z) with 409 conflict`, async () => {
    const campaign = await createTestCampaign({
      advertiserId: adv.advertiserId,
      creatives: Array.from({ length: MAX_VARIANTS_PER_CAMPAIGN - 1 }, () => ({})),
    });
    const z = await add(campaign.id, creativeBody(icons.url()));
    expect(z.body.variant_label).toBe("variant_z");
    const over = await add(campaign.id, creativeBody(icons.url()));
    expect(over.status).toBe(409);
    expect(over.body.code).toBe("conflict");
    expectMatchesOpenApi("POST", path(campaign.id), 409, over.body);
  });

  it("validates every field at once before the icon check, which refuses private addresses without connecting", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    const invalid = await add(campaign.id, {
      headline: "h".repeat(61),
      body: "",
      icon_url: "nope",
      action_url: "data:text/html,hi",
      cta_text: "c".repeat(21),
      extra: 1,
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.code).toBe("validation_failed");
    expect(invalid.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      "",
      "action_url",
      "body",
      "cta_text",
      "headline",
      "icon_url",
    ]);
    expectMatchesOpenApi("POST", path(campaign.id), 422, invalid.body);
    const missing = await add(campaign.id, { headline: "h" });
    expect(missing.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["action_url", "body", "icon_url"]);

    const before = icons.trapConnections();
    const privateIcon = await add(campaign.id, creativeBody(`https://127.0.0.1:${icons.trapPort}/icon.png`));
    expect(privateIcon.status).toBe(422);
    expect(privateIcon.body).toMatchObject({
      code: "icon_unreachable",
      errors: [{ path: "icon_url", message: ICON_UNREACHABLE_MESSAGE }],
    });
    expect((await add(campaign.id, creativeBody(icons.url("/redirect-private.png")))).body.code).toBe(
      "icon_unreachable",
    );
    expect(icons.trapConnections()).toBe(before);
    expect((await add(campaign.id, creativeBody(icons.url("/missing.png")))).body.code).toBe("icon_unreachable");
    expect(await db().creative.count({ where: { campaignId: campaign.id } })).toBe(1);
  });

  it("accepts the length boundaries and refuses variants on ended or cancelled campaigns (409)", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId, status: "paused" });
    const edge = await add(
      campaign.id,
      creativeBody(icons.url(), { headline: "h".repeat(60), body: "b".repeat(120), cta_text: "c".repeat(20) }),
    );
    expect(edge.status).toBe(201);
    for (const status of ["ended", "cancelled"] as const) {
      const final = await createTestCampaign({ advertiserId: adv.advertiserId, status });
      const res = await add(final.id, creativeBody(icons.url()));
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("invalid_transition");
    }
  });

  it("answers 404 for another advertiser's campaign and unknown ids, without checking the icon", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    const intruder = await createTestAdvertiser("Intruder");
    const heads = icons.heads.length;
    const theirs = await add(campaign.id, creativeBody(icons.url()), await intruder.auth());
    expect(theirs.status).toBe(404);
    expectMatchesOpenApi("POST", path(campaign.id), 404, theirs.body);
    expect((await add("cmp_nope", creativeBody(icons.url()))).status).toBe(404);
    expect(icons.heads.length).toBe(heads);
    expect(await db().creative.count({ where: { campaignId: campaign.id } })).toBe(1);
    expect((await add(campaign.id, creativeBody(icons.url()), await adv.auth(["campaigns:read"]))).status).toBe(403);
  });
});
