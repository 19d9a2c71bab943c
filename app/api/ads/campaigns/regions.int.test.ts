// Region targeting on every campaign face (issue 39): E5, E4, E6 and E7 accept and return
// target_regions and excluded_regions (ISO codes, 422 validation_failed otherwise), the change
// history records them, a duplicate keeps them; a gambling advertiser's category and licence
// (the operator CLI, in the history, read-only at GET /api/ads/advertiser) bound its target
// regions (422 region_not_licensed at E5, E7 and a duplicate). GraphQL: graphql/regions.int.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { runAdmin } from "@/scripts/admin";
import { campaignBody } from "@/test/campaign-input";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { call } from "@/test/http";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { expectMatchesOpenApi, expectRequestMatchesOpenApi } from "@/test/openapi";
import { restRoute } from "@/test/rest-routes";

const { GET: getAdvertiser } = restRoute("/api/ads/advertiser");
const { GET: getChanges } = restRoute("/api/ads/changes");
const { PATCH, GET: getOne } = restRoute("/api/ads/campaigns/{id}");
const { POST: duplicate } = restRoute("/api/ads/campaigns/{id}/duplicate");
const { GET, POST } = restRoute("/api/ads/campaigns");

let icons: IconServer;
let adv: TestAdvertiser;
let book: TestAdvertiser;
let headers: Record<string, string>;
let bookHeaders: Record<string, string>;

beforeAll(async () => {
  icons = await startIconServer();
  adv = await createTestAdvertiser("Brand");
  book = await createTestAdvertiser("Sportsbook");
  headers = await adv.auth();
  bookHeaders = await book.auth();
});
afterAll(() => icons.close());

const create = (body: unknown, h = headers) => call(POST, "/api/ads/campaigns", { method: "POST", body, headers: h });
const patch = (id: string, body: unknown, h = headers) =>
  call(PATCH, `/api/ads/campaigns/${id}`, { method: "PATCH", body, headers: h, params: { id } });
const getCampaign = (id: string, h = headers) =>
  call(getOne, `/api/ads/campaigns/${id}`, { headers: h, params: { id } });

async function admin(...args: string[]) {
  const result = await runAdmin(args, [""]);
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

describe("campaign region targeting (E4-E7)", () => {
  it("creates, lists, reads, changes and removes region lists; the history records them", async () => {
    const body = campaignBody(icons.url(), { target_regions: ["US-NJ", "US-PA"], excluded_regions: ["US-NJ"] });
    expectRequestMatchesOpenApi("POST", "/api/ads/campaigns", body);
    const created = await create(body);
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const one = await getCampaign(id);
    expect(one.body).toMatchObject({ target_regions: ["US-NJ", "US-PA"], excluded_regions: ["US-NJ"] });
    expectMatchesOpenApi("GET", "/api/ads/campaigns/{id}", 200, one.body);
    const list = await call(GET, "/api/ads/campaigns", { headers });
    const item = (list.body.campaigns as { id: string }[]).find((campaign) => campaign.id === id);
    expect(item).toMatchObject({ target_regions: ["US-NJ", "US-PA"], excluded_regions: ["US-NJ"] });
    expectMatchesOpenApi("GET", "/api/ads/campaigns", 200, list.body);

    const changed = await patch(id, { target_regions: ["US"], excluded_regions: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ target_regions: ["US"], excluded_regions: null });
    const row = await db().campaign.findUniqueOrThrow({ where: { id } });
    expect([row.targetRegions, row.excludedRegions]).toEqual(['["US"]', null]);

    // a preview names the change and says a wider reach can raise spend
    const preview = await call(PATCH, `/api/ads/campaigns/${id}?validate_only=true`, {
      method: "PATCH",
      body: { target_regions: null },
      headers,
      params: { id },
    });
    expect(preview.body.changes).toEqual([{ field: "target_regions", from: ["US"], to: null }]);
    expect(preview.body.raises_spend).toBe(true);

    const history = await call(getChanges, `/api/ads/changes?campaign_id=${id}`, { headers });
    const rows = (history.body.changes as { target: { type: string }; fields: Record<string, unknown> }[]).filter(
      (change) => change.target.type === "campaign",
    );
    const [update, creation] = rows;
    expect(update!.fields).toEqual({
      target_regions: { from: ["US-NJ", "US-PA"], to: ["US"] },
      excluded_regions: { from: ["US-NJ"], to: null },
    });
    expect(creation!.fields).toMatchObject({ target_regions: { from: null, to: ["US-NJ", "US-PA"] } });
  });

  it("defaults to null and refuses codes outside ISO 3166, empty lists and repeats with 422 validation_failed", async () => {
    const created = await create(campaignBody(icons.url()));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await getCampaign(id)).body).toMatchObject({ target_regions: null, excluded_regions: null });

    const bad = await create(
      campaignBody(icons.url(), { target_regions: ["US-XX", "usa", "US-NJ", "US-NJ"], excluded_regions: [] }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe("validation_failed");
    expect((bad.body.errors as { path: string }[]).map((error) => error.path).sort()).toEqual([
      "excluded_regions",
      "target_regions[0]",
      "target_regions[1]",
      "target_regions[3]",
    ]);
    const badUpdate = await patch(id, { excluded_regions: ["XX"] });
    expect(badUpdate.status).toBe(422);
    expect(badUpdate.body.code).toBe("validation_failed");
    expect(badUpdate.body.errors).toEqual([{ path: "excluded_regions[0]", message: expect.any(String) }]);
    expect(await db().campaign.count({ where: { advertiserId: adv.advertiserId, targetRegions: { not: null } } })).toBe(
      1,
    );
  });

  it("a duplicate keeps the source's region lists", async () => {
    const created = await create(campaignBody(icons.url(), { target_regions: ["CA"], excluded_regions: ["CA-QC"] }));
    const id = created.body.id as string;
    const copy = await call(duplicate, `/api/ads/campaigns/${id}/duplicate`, {
      method: "POST",
      body: {},
      headers,
      params: { id },
    });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ target_regions: ["CA"], excluded_regions: ["CA-QC"] });
  });
});

describe("a gambling advertiser's licence", () => {
  it("is set by the operator CLI, recorded in the history and shown read-only", async () => {
    const before = await call(getAdvertiser, "/api/ads/advertiser", { headers: bookHeaders });
    expect(before.body).toMatchObject({ id: book.advertiserId, category: "general", licensed_regions: null });
    expect(await admin("set-advertiser-category", "--advertiser", book.advertiserId, "--category", "gambling")).toEqual(
      { advertiser_id: book.advertiserId, category: "gambling", licensed_regions: null },
    );
    expect(await admin("set-licensed-regions", "--advertiser", book.advertiserId, "--regions", "US-NJ US-PA")).toEqual({
      advertiser_id: book.advertiserId,
      category: "gambling",
      licensed_regions: ["US-NJ", "US-PA"],
    });
    const after = await call(getAdvertiser, "/api/ads/advertiser", { headers: bookHeaders });
    expect(after.body).toMatchObject({ category: "gambling", licensed_regions: ["US-NJ", "US-PA"] });
    expectMatchesOpenApi("GET", "/api/ads/advertiser", 200, after.body);

    const history = await call(getChanges, "/api/ads/changes?target_type=advertiser", { headers: bookHeaders });
    expect(history.body.changes).toMatchObject([
      {
        actor: { type: "system", id: "operator" },
        operation: "setLicensedRegions",
        target: { type: "advertiser", id: book.advertiserId },
        fields: { licensed_regions: { from: null, to: ["US-NJ", "US-PA"] } },
      },
      { operation: "setAdvertiserCategory", fields: { category: { from: "general", to: "gambling" } } },
    ]);
  });

  it("the CLI refuses an unknown category, bad codes and an unknown advertiser", async () => {
    const category = await runAdmin(
      ["set-advertiser-category", "--advertiser", book.advertiserId, "--category", "x"],
      [""],
    );
    expect(category.code).toBe(1);
    expect(JSON.parse(category.stderr)).toMatchObject({ error: "validation_failed" });
    const regions = await runAdmin(
      ["set-licensed-regions", "--advertiser", book.advertiserId, "--regions", "US-ZZ"],
      [""],
    );
    expect(JSON.parse(regions.stderr)).toMatchObject({ error: "validation_failed", fields: [{ path: "regions[0]" }] });
    const missing = await runAdmin(["set-licensed-regions", "--advertiser", "adv_missing", "--regions", "US-NJ"], [""]);
    expect(JSON.parse(missing.stderr)).toMatchObject({ error: "not_found" });
    const row = await db().advertiser.findUniqueOrThrow({ where: { id: book.advertiserId } });
    expect([row.category, row.licensedRegions]).toEqual(["gambling", '["US-NJ","US-PA"]']);
  });

  it("E5, E7 and a duplicate refuse target regions outside it with 422 region_not_licensed", async () => {
    const refused = await create(campaignBody(icons.url(), { target_regions: ["US-NJ", "US-NY", "US"] }), bookHeaders);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("region_not_licensed");
    expect(refused.body.errors).toEqual([
      { path: "target_regions[1]", message: "US-NY is not within your licensed regions" },
      { path: "target_regions[2]", message: "US is not within your licensed regions" },
    ]);
    expectMatchesOpenApi("POST", "/api/ads/campaigns", 422, refused.body);

    const created = await create(campaignBody(icons.url(), { target_regions: ["US-NJ"] }), bookHeaders);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const refusedUpdate = await patch(id, { target_regions: ["US-PA", "CA-ON"] }, bookHeaders);
    expect(refusedUpdate.status).toBe(422);
    expect(refusedUpdate.body).toMatchObject({
      code: "region_not_licensed",
      errors: [{ path: "target_regions[1]" }],
    });
    expectMatchesOpenApi("PATCH", "/api/ads/campaigns/{id}", 422, refusedUpdate.body);
    expect((await patch(id, { target_regions: ["US-PA"] }, bookHeaders)).status).toBe(200);
    // null is everywhere the licence allows; exclusions are not bound by it
    expect((await patch(id, { target_regions: null, excluded_regions: ["CA"] }, bookHeaders)).status).toBe(200);

    // after the licence shrinks, other changes still work; a copy of the old targeting is refused
    expect((await patch(id, { target_regions: ["US-PA"] }, bookHeaders)).status).toBe(200);
    await admin("set-licensed-regions", "--advertiser", book.advertiserId, "--regions", "US-NJ");
    expect((await patch(id, { status: "paused" }, bookHeaders)).status).toBe(200);
    const copy = await call(duplicate, `/api/ads/campaigns/${id}/duplicate`, {
      method: "POST",
      body: {},
      headers: bookHeaders,
      params: { id },
    });
    expect(copy.status).toBe(422);
    expect(copy.body.code).toBe("region_not_licensed");
    await admin("set-licensed-regions", "--advertiser", book.advertiserId, "--regions", "US-NJ US-PA");
  });
});
