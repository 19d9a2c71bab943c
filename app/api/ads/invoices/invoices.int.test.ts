// both databases: invoices in raw SQL
// GET /api/ads/billing and /api/ads/invoices[/{id}[/pdf|/csv]]: the contract's shapes (OpenAPI),
// reporting:read and the admin role, tenancy as 404, the files as downloads, and an issued
// invoice that no method changes.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { setBilling } from "@/lib/domain/billing/accounts";
import { issueInvoices } from "@/lib/domain/billing/invoices";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery } from "@/test/factories/delivery";
import { call } from "@/test/http";
import { expectMatchesOpenApi } from "@/test/openapi";
import { restRoute } from "@/test/rest-routes";
import * as CATCH_ALL from "@/app/api/[...path]/route";

let adv: TestAdvertiser;
let rival: TestAdvertiser;
let invoiceId: string;

beforeAll(async () => {
  adv = await createTestAdvertiser("Rest Billing Co");
  rival = await createTestAdvertiser("Rest Rival Co");
  await setBilling({ advertiser_id: adv.advertiserId, mode: "invoiced", credit_limit_usd: 1000 });
  const row = await createTestCampaign({ advertiserId: adv.advertiserId, name: "Finals" });
  const campaign = await db().campaign.findUniqueOrThrow({ where: { id: row.id }, include: { creatives: true } });
  await seedDelivery(campaign, [{ servedAtMs: Date.UTC(2026, 8, 9), costMicros: 3_000_000n }]);
  await issueInvoices({ month: "2026-09" }, { nowMs: Date.UTC(2026, 9, 1, 1) });
  invoiceId = (await db().invoice.findFirstOrThrow({ where: { advertiserId: adv.advertiserId } })).id;
});

describe("billing over REST", () => {
  it("GET /api/ads/billing answers the account", async () => {
    const res = await call(restRoute("/api/ads/billing").GET, "/api/ads/billing", {
      headers: await adv.auth(["reporting:read"]),
    });
    expect(res.status).toBe(200);
    expectMatchesOpenApi("GET", "/api/ads/billing", res.status, res.body);
    expect(res.body).toMatchObject({
      mode: "invoiced",
      credit_limit_usd: 1000,
      unpaid_usd: 3,
      delivery_limited: false,
    });
    const denied = await call(restRoute("/api/ads/billing").GET, "/api/ads/billing", {
      headers: await adv.auth(["campaigns:read"]),
    });
    expect(denied.status).toBe(403);
  });

  it("lists and answers invoices, and downloads them as PDF and CSV", async () => {
    const list = await call(restRoute("/api/ads/invoices").GET, "/api/ads/invoices", {
      headers: await adv.auth(["reporting:read"]),
      query: { per_page: 10 },
    });
    expect(list.status).toBe(200);
    expectMatchesOpenApi("GET", "/api/ads/invoices", list.status, list.body);
    expect(list.body.pagination).toEqual({ page: 1, per_page: 10, total: 1 });
    const path = `/api/ads/invoices/${invoiceId}`;
    const one = await call(restRoute("/api/ads/invoices/{id}").GET, path, {
      params: { id: invoiceId },
      headers: await adv.auth(["reporting:read"]),
    });
    expectMatchesOpenApi("GET", path, one.status, one.body);
    expect(one.body).toMatchObject({ number: "SMA-2026-000001", total_usd: 3, lines: [{ description: "Finals" }] });

    const pdf = await call(restRoute("/api/ads/invoices/{id}/pdf").GET, `${path}/pdf`, {
      params: { id: invoiceId },
      headers: await adv.auth(["reporting:read"]),
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="SMA-2026-000001.pdf"');
    expect(pdf.text.startsWith("%PDF-")).toBe(true);
    const csv = await call(restRoute("/api/ads/invoices/{id}/csv").GET, `${path}/csv`, {
      params: { id: invoiceId },
      headers: await adv.auth(["reporting:read"]),
    });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.text).toContain("SMA-2026-000001,invoice,2026-09,");

    const bad = await call(restRoute("/api/ads/invoices").GET, "/api/ads/invoices", {
      headers: await adv.auth(["reporting:read"]),
      query: { per_page: 500 },
    });
    expect(bad.status).toBe(422);
  });

  it("another advertiser's invoice is 404, and no method changes an issued one", async () => {
    const path = `/api/ads/invoices/${invoiceId}`;
    const theirs = await call(restRoute("/api/ads/invoices/{id}").GET, path, {
      params: { id: invoiceId },
      headers: await rival.auth(["reporting:read"]),
    });
    expect(theirs.status).toBe(404);
    for (const method of ["PATCH", "DELETE", "POST"] as const) {
      const handler = CATCH_ALL[method];
      const res = await call(handler, path, {
        method,
        headers: await adv.auth(),
        body: method === "DELETE" ? undefined : {},
      });
      expect(res.status).toBe(405);
    }
    const row = await db().invoice.findUniqueOrThrow({ where: { id: invoiceId } });
    expect(row).toMatchObject({ status: "issued", totalMicros: 3_000_000n });
  });
});
