// Rules and saved reports over GraphQL (docs/decisions/0700, 0701): the mutations run the REST
// surface's operations (a spend raise unconfirmed is a user error on confirmSpendIncrease), the
// advertiser's rules carry their dry run and actions, saved reports their schedule; a viewer's
// session is refused the writes (role_required).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { gqlAs, sessionActorFor } from "@/test/graphql";

const CREATE_RULE = `
  mutation Create($input: CreateRuleInput!) {
    createRule(input: $input) { rule { id name action actionValueUsd campaignIds } userErrors { field code message } }
  }`;

describe("rules and saved reports over GraphQL", () => {
  it("creates a rule (confirmed when it raises spend) and reads its dry run", async () => {
    const adv = await createTestAdvertiser("GraphQL Rules");
    const actor = actorFor(adv.advertiserId);
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId, bidCpmUsd: 2 });
    const input = {
      name: "Raise the bid when it converts",
      metric: "CONVERSIONS",
      comparison: "ABOVE",
      threshold: 5,
      windowHours: 24,
      campaignIds: [campaign.id],
      action: "SET_BID",
      actionValueUsd: "3.50",
    };
    const refused = await gqlAs(actor, CREATE_RULE, { input });
    expect(refused.data.createRule.rule).toBeNull();
    expect(refused.data.createRule.userErrors).toEqual([
      expect.objectContaining({ field: ["input", "confirmSpendIncrease"], code: "VALIDATION_FAILED" }),
    ]);
    const created = await gqlAs(actor, CREATE_RULE, { input: { ...input, confirmSpendIncrease: true } });
    expect(created.data.createRule).toMatchObject({
      rule: { action: "SET_BID", actionValueUsd: "3.50", campaignIds: [campaign.id] },
      userErrors: [],
    });
    const read = await gqlAs(
      actor,
      `query($id: ID!) { viewer { advertiser {
        rules { id }
        rule(id: $id) { name dryRun { windows actions { outcome } } actions { outcome } }
        nothing: rule(id: "rul_nothing") { id }
      } } }`,
      { id: created.data.createRule.rule.id },
    );
    expect(read.errors).toBeUndefined();
    expect(read.data.viewer.advertiser.rules).toHaveLength(1);
    expect(read.data.viewer.advertiser.rule).toMatchObject({ dryRun: { actions: [] }, actions: [] });
    expect(read.data.viewer.advertiser.rule.dryRun.windows).toBeGreaterThanOrEqual(6);
    expect(read.data.viewer.advertiser.nothing).toBeNull();
  });

  it("saves a report on a schedule for the member saving it; a viewer may not", async () => {
    const adv = await createTestAdvertiser("GraphQL Reports");
    const owner = await db().user.findFirstOrThrow({
      where: { memberships: { some: { advertiserId: adv.advertiserId } } },
    });
    const save = `
      mutation Save($input: SaveReportInput!) {
        saveReport(input: $input) { savedReport { id path schedule scheduleTimezone recipientIds } userErrors { code } }
      }`;
    const input = { name: "Monthly", startDate: "2026-11-01", endDate: "2026-11-30", schedule: "MONTHLY" };
    const saved = await gqlAs(sessionActorFor(adv.advertiserId, owner.id, "editor"), save, { input });
    expect(saved.errors).toBeUndefined();
    expect(saved.data.saveReport.savedReport).toMatchObject({
      path: "/reports?campaign=all&start=2026-11-01&end=2026-11-30&tz=UTC",
      schedule: "MONTHLY",
      scheduleTimezone: "UTC",
      recipientIds: [owner.id],
    });
    const viewer = await gqlAs(sessionActorFor(adv.advertiserId, owner.id, "viewer"), save, { input });
    expect(viewer.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const listed = await gqlAs(
      sessionActorFor(adv.advertiserId, owner.id, "viewer"),
      `{ viewer { advertiser { savedReports { name schedule lastSentPeriod } } } }`,
    );
    expect(listed.data.viewer.advertiser.savedReports).toEqual([
      { name: "Monthly", schedule: "MONTHLY", lastSentPeriod: null },
    ]);
  });
});
