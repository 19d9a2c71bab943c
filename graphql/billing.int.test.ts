// both databases: invoices in raw SQL
// Billing over GraphQL: the account and its invoices with REST's figures and rules
// (reporting:read; a dashboard session must be an admin's), another advertiser's invoice null.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { setBilling } from "@/lib/domain/billing/accounts";
import { issueInvoices } from "@/lib/domain/billing/invoices";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery } from "@/test/factories/delivery";
import { gql, gqlAs, onlyError, sessionActorFor } from "@/test/graphql";

let adv: TestAdvertiser;
let rival: TestAdvertiser;

beforeAll(async () => {
  adv = await createTestAdvertiser("Invoiced Co");
  rival = await createTestAdvertiser("Rival Co");
  await setBilling({ advertiser_id: adv.advertiserId, mode: "invoiced", credit_limit_usd: 500 });
  const row = await createTestCampaign({ advertiserId: adv.advertiserId, name: "Playoffs" });
  const campaign = await db().campaign.findUniqueOrThrow({ where: { id: row.id }, include: { creatives: true } });
  await seedDelivery(campaign, [
    { servedAtMs: Date.UTC(2026, 9, 3), costMicros: 1_500_000n, clickedAtMs: Date.UTC(2026, 9, 3, 1) },
    { servedAtMs: Date.UTC(2026, 9, 4), costMicros: 250_001n },
  ]);
  await issueInvoices({ month: "2026-10" }, { nowMs: Date.UTC(2026, 10, 2) });
});

const QUERY = `
  query {
    billing { mode creditLimitUsd unpaidUsd deliveryLimited billingProfile { legalName } }
    invoices(perPage: 5) {
      pagination { page perPage total }
      invoices { id number kind status month totalUsd dueUsd lines { description impressions clicks amountUsd averageCpmUsd } }
    }
  }
`;

describe("billing over GraphQL", () => {
  it("answers the account and its invoices, in Money", async () => {
    const res = await gql(QUERY, { headers: await adv.auth(["reporting:read"]) });
    expect(res.errors).toBeUndefined();
    expect(res.data.billing).toEqual({
      mode: "INVOICED",
      creditLimitUsd: "500.00",
      unpaidUsd: "1.750001",
      deliveryLimited: false,
      billingProfile: { legalName: null },
    });
    expect(res.data.invoices.pagination).toEqual({ page: 1, perPage: 5, total: 1 });
    const [invoice] = res.data.invoices.invoices;
    expect(invoice).toMatchObject({ number: "SMA-2026-000001", kind: "INVOICE", status: "ISSUED", month: "2026-10" });
    expect(invoice.totalUsd).toBe("1.750001");
    expect(invoice.lines).toEqual([
      { description: "Playoffs", impressions: 2, clicks: 1, amountUsd: "1.750001", averageCpmUsd: "875.0005" },
    ]);
    const one = await gql(`query($id: ID!) { invoice(id: $id) { number } }`, {
      headers: await adv.auth(["reporting:read"]),
      variables: { id: invoice.id },
    });
    expect(one.data.invoice).toEqual({ number: "SMA-2026-000001" });
    const files = await gql(`query($id: ID!) { invoice(id: $id) { csv pdfBase64 } }`, {
      headers: await adv.auth(["reporting:read"]),
      variables: { id: invoice.id },
    });
    expect(files.data.invoice.csv).toContain("SMA-2026-000001,invoice,2026-10,");
    expect(Buffer.from(files.data.invoice.pdfBase64, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    const theirs = await gql(`query($id: ID!) { invoice(id: $id) { number } }`, {
      headers: await rival.auth(["reporting:read"]),
      variables: { id: invoice.id },
    });
    expect(theirs.data.invoice).toBeNull();
  });

  it("needs reporting:read, and an admin's session", async () => {
    const noScope = await gql(`{ billing { mode } }`, { headers: await adv.auth(["campaigns:read"]) });
    expect(onlyError(noScope).extensions.code).toBe("FORBIDDEN");
    const editor = await gqlAs(sessionActorFor(adv.advertiserId, "usr_editor", "editor"), `{ billing { mode } }`);
    expect(onlyError(editor).extensions.code).toBe("FORBIDDEN");
    const admin = await gqlAs(sessionActorFor(adv.advertiserId), `{ billing { mode } }`);
    expect(admin.data.billing).toEqual({ mode: "INVOICED" });
  });
});
