// AdCP geography through the real /mcp route (issue 39): create_media_buy maps a package's
// targeting_overlay (geo_countries, geo_regions and their _exclude lists) onto the campaign's
// target_regions and excluded_regions, get_media_buys and the answers read them back as an
// overlay, update_media_buy replaces them (previewed first: a wider reach can raise spend), a
// gambling advertiser outside its licence is refused (POLICY_VIOLATION, region_not_licensed),
// geography that cannot be honoured is refused, and get_products lists the regions the
// advertiser may buy. Answers are checked against the vendored AdCP 3.1.19 schemas.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { setAdvertiserCategory, setLicensedRegions } from "@/lib/domain/advertisers/set-jurisdiction";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { callTool, connectMcp, type ToolAnswer } from "@/test/mcp-client";
import { buyRequest as mediaBuyRequest } from "./adcp-requests";
import { adcpErrors } from "./adcp-schemas";

let icons: IconServer;
let brand: TestAdvertiser;
let book: TestAdvertiser;
let brandClient: Client;
let bookClient: Client;
let keys = 0;

beforeAll(async () => {
  icons = await startIconServer();
  brand = await createTestAdvertiser("Brand");
  book = await createTestAdvertiser("Sportsbook");
  await setAdvertiserCategory(book.advertiserId, "gambling");
  await setLicensedRegions(book.advertiserId, "US-NJ US-PA");
  brandClient = await connectMcp(await brand.token());
  bookClient = await connectMcp(await book.token());
});
afterAll(async () => {
  await brandClient.close();
  await bookClient.close();
  await icons.close();
});

const key = () => `adcp-regions-${Date.now()}-${++keys}`;

async function task(client: Client, name: string, request: Record<string, unknown>, schema: string) {
  const errors = adcpErrors(schema.replace(/-response\.json$/, "-request.json"), request);
  expect(errors, `${name} request: ${JSON.stringify(errors)}`).toEqual([]);
  const answer = await callTool(client, name, request);
  expect(answer.isError, `${name}: ${answer.text.slice(0, 800)}`).toBe(false);
  expect(adcpErrors(schema, answer.structured), `${name} response`).toEqual([]);
  return answer;
}

/** create_media_buy for one close_game.nba package with this targeting overlay. */
const buyRequest = (overlay: Record<string, unknown>) =>
  mediaBuyRequest(key(), icons.url(), { targeting_overlay: overlay });

const packagesOf = (answer: ToolAnswer) => answer.structured.packages as { targeting_overlay?: unknown }[];

describe("AdCP targeting_overlay", () => {
  it("create_media_buy stores the overlay as region lists and every answer reads it back", async () => {
    const overlay = { geo_countries: ["CA"], geo_regions: ["US-NJ", "US-PA"], geo_regions_exclude: ["CA-QC"] };
    const created = await task(
      brandClient,
      "create_media_buy",
      { ...buyRequest(overlay), confirm: true },
      "media-buy/create-media-buy-response.json",
    );
    const id = created.structured.media_buy_id as string;
    expect(packagesOf(created)[0]!.targeting_overlay).toEqual(overlay);
    const row = await db().campaign.findUniqueOrThrow({ where: { id } });
    expect([row.targetRegions, row.excludedRegions]).toEqual(['["CA","US-NJ","US-PA"]', '["CA-QC"]']);

    const buys = await task(
      brandClient,
      "get_media_buys",
      { media_buy_ids: [id] },
      "media-buy/get-media-buys-response.json",
    );
    const [buy] = buys.structured.media_buys as { packages: { package_id: string; targeting_overlay?: unknown }[] }[];
    expect(buy!.packages[0]!.targeting_overlay).toEqual(overlay);

    // a wider reach is previewed, then applied on confirm
    const request = {
      idempotency_key: key(),
      account: { brand: { domain: "acme.example" }, operator: "acme.example" },
      media_buy_id: id,
      packages: [{ package_id: buy!.packages[0]!.package_id, targeting_overlay: { geo_countries: ["US", "CA"] } }],
    };
    const preview = await callTool(brandClient, "update_media_buy", request);
    expect(preview.structured).toMatchObject({ status: "input-required" });
    expect((preview.structured.preview as { changes: unknown[] }).changes).toEqual([
      { field: "target_regions", from: ["CA", "US-NJ", "US-PA"], to: ["US", "CA"] },
      { field: "excluded_regions", from: ["CA-QC"], to: null },
    ]);
    const updated = await task(
      brandClient,
      "update_media_buy",
      { ...request, confirm: true },
      "media-buy/update-media-buy-response.json",
    );
    expect((updated.structured.affected_packages as { targeting_overlay?: unknown }[])[0]!.targeting_overlay).toEqual({
      geo_countries: ["US", "CA"],
    });
  });

  it("refuses geography it cannot honour and bad codes, naming the overlay", async () => {
    const metro = await callTool(brandClient, "create_media_buy", {
      ...buyRequest({ geo_metros: [{ system: "nielsen_dma", values: ["501"] }] }),
      confirm: true,
    });
    expect(metro.isError).toBe(true);
    expect(metro.structured.adcp_error).toMatchObject({
      code: "UNSUPPORTED_FEATURE",
      field: "packages[0].targeting_overlay.geo_metros",
    });
    const bad = await callTool(brandClient, "create_media_buy", {
      ...buyRequest({ geo_regions: ["US-ZZ"] }),
      confirm: true,
    });
    expect(bad.isError).toBe(true);
    expect(bad.structured.adcp_error).toMatchObject({
      code: "VALIDATION_ERROR",
      field: "packages[0].targeting_overlay",
    });
  });

  it("a gambling advertiser: get_products lists its licensed regions; a buy outside them is a POLICY_VIOLATION", async () => {
    const products = await task(
      bookClient,
      "get_products",
      { buying_mode: "wholesale", sports: ["nba"], moment_types: ["close_game"] },
      "media-buy/get-products-response.json",
    );
    expect(products.structured).toMatchObject({
      cache_scope: "account",
      ext: { sma: { advertiser_category: "gambling", buyable_regions: ["US-NJ", "US-PA"] } },
    });
    const general = await task(
      brandClient,
      "get_products",
      { buying_mode: "wholesale", sports: ["nba"] },
      "media-buy/get-products-response.json",
    );
    expect(general.structured.ext).toEqual({ sma: { advertiser_category: "general", buyable_regions: null } });

    const refused = await callTool(bookClient, "create_media_buy", {
      ...buyRequest({ geo_regions: ["US-NJ", "US-NY"] }),
      confirm: true,
    });
    expect(refused.isError).toBe(true);
    expect(adcpErrors("core/error.json", refused.structured.adcp_error)).toEqual([]);
    expect(refused.structured.adcp_error).toMatchObject({
      code: "POLICY_VIOLATION",
      field: "packages[0].targeting_overlay",
      details: { code: "region_not_licensed" },
    });
    const allowed = await task(
      bookClient,
      "create_media_buy",
      { ...buyRequest({ geo_regions: ["US-NJ"] }), confirm: true },
      "media-buy/create-media-buy-response.json",
    );
    expect(packagesOf(allowed)[0]!.targeting_overlay).toEqual({ geo_regions: ["US-NJ"] });
  });
});
