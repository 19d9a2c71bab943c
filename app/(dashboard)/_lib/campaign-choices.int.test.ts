// The campaign filters' choices (reports, history): every campaign of the
// advertiser across the connection's pages of 100, newest first, none of
// another advertiser's; the page's query runs the real GraphQL server as the
// dashboard session does (only the session lookup is replaced).
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { gqlAs, sessionActorFor } from "@/test/graphql";
import type { Actor } from "@/lib/auth/actor";
import { campaignChoices, CHOICES_PAGE_SIZE } from "./campaign-choices";

const run = vi.hoisted(() => ({
  actor: null as Actor | null,
  queries: [] as Record<string, unknown>[],
  fake: null as ((variables: Record<string, unknown>) => unknown) | null,
}));

vi.mock("./graphql", () => ({
  query: async (document: { toString(): string }, variables: Record<string, unknown>) => {
    run.queries.push(variables);
    if (run.fake) return run.fake(variables);
    const { data, errors } = await gqlAs(run.actor, document.toString(), variables);
    if (errors?.length) throw new Error(JSON.stringify(errors));
    return data;
  },
}));

const CAMPAIGNS = 2 * CHOICES_PAGE_SIZE + 1;
let expected: string[];

beforeAll(async () => {
  const adv = await createTestAdvertiser("Many campaigns");
  const rival = await createTestAdvertiser("Rival");
  await createTestCampaign({ advertiserId: rival.advertiserId, name: "Not yours" });
  const created: string[] = [];
  for (let i = 0; i < CAMPAIGNS; i++) {
    const campaign = await createTestCampaign({
      advertiserId: adv.advertiserId,
      name: `Campaign ${i}`,
      createdAt: new Date(Date.parse("2025-10-01T00:00:00Z") + i * 60_000),
      creatives: [],
    });
    created.push(campaign.id);
  }
  expected = created.reverse();
  run.actor = sessionActorFor(adv.advertiserId);
});

beforeEach(() => {
  run.queries = [];
  run.fake = null;
});

describe("campaignChoices", () => {
  it("answers every campaign past the first page, newest first, with what the filters show", async () => {
    const choices = await campaignChoices();
    expect(choices.map((choice) => choice.restId)).toEqual(expected);
    expect(choices[0]).toMatchObject({ restId: expected[0], name: `Campaign ${CAMPAIGNS - 1}`, status: "ACTIVE" });
    expect(choices[0]!.id).not.toBe(expected[0]);
    // three pages of at most 100, each after the last one's cursor
    expect(run.queries.map((variables) => variables.first)).toEqual([100, 100, 100]);
    expect(run.queries[0]!.after).toBeNull();
    expect(run.queries[1]!.after).toEqual(expect.any(String));
    expect(run.queries[2]!.after).not.toBe(run.queries[1]!.after);
  });

  it("stops at a cursor that does not move on rather than asking forever", async () => {
    const node = { id: "Q2FtcGFpZ246Y21wX3g=", restId: "cmp_x", name: "Stuck", status: "ACTIVE" };
    run.fake = () => {
      if (run.queries.length > 5) throw new Error("asked for the same page again and again");
      return { campaigns: { nodes: [node], pageInfo: { hasNextPage: true, endCursor: "same" } } };
    };
    const choices = await campaignChoices();
    expect(run.queries).toHaveLength(2);
    expect(choices).toEqual([node, node]);
  });
});
