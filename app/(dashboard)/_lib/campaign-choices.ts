// Every campaign of the signed-in advertiser, newest first, as the choices of a
// campaign filter (reports, history). The connection gives at most 100 per page,
// so the pages are followed by their cursor until the last: a filter that showed
// only the first page could not pick an older campaign, and a link naming one
// would be refused as "not yours". A plain <select> of thousands still works
// (type-ahead finds a name).
import { cache } from "react";
import { graphql } from "@/graphql/__generated__/client";
import type { CampaignChoicesQuery } from "@/graphql/__generated__/client/graphql";
import { query } from "./graphql";

/** The connection's largest page (graphql/schema.graphql: "at most 100 per page"). */
export const CHOICES_PAGE_SIZE = 100;

const CAMPAIGN_CHOICES = graphql(`
  query CampaignChoices($first: Int!, $after: String) {
    campaigns(first: $first, after: $after, orderBy: { field: CREATED_AT, direction: DESC }) {
      nodes {
        id
        restId
        name
        status
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export type CampaignChoice = NonNullable<CampaignChoicesQuery["campaigns"]>["nodes"][number];

/** One page of the connection, after `after` (null: the first). */
async function choicesPage(after: string | null): Promise<CampaignChoicesQuery["campaigns"]> {
  return (await query(CAMPAIGN_CHOICES, { first: CHOICES_PAGE_SIZE, after })).campaigns;
}

/** All the advertiser's campaigns, newest first (read once per request). */
export const campaignChoices = cache(async (): Promise<CampaignChoice[]> => {
  const choices: CampaignChoice[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await choicesPage(after);
    if (!page) return choices;
    choices.push(...page.nodes);
    const next = page.pageInfo.endCursor ?? null;
    // a cursor that does not move on would loop forever: stop rather than trust it
    if (!page.pageInfo.hasNextPage || !next || next === after) return choices;
    after = next;
  }
});
