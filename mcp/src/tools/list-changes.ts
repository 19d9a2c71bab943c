import { z } from "zod";
import { CHANGE_ACTOR_TYPES, CHANGE_TARGET_TYPES } from "../api-values.ts";
import { defineTool } from "../tool.ts";
import { campaignId } from "./shapes.ts";

const instant = z
  .string()
  .max(40)
  .describe("An RFC 3339 date-time with an offset (2026-11-22T18:00:00Z) or a date (2026-11-22, a UTC day).");

export const listChanges = defineTool({
  name: "list_changes",
  title: "Change history",
  description:
    "Who changed what and when, newest first: every change to the advertiser's campaigns (bids, budgets, status, " +
    "dates…), creative variants, webhook endpoints, API clients, postback keys and connected apps, with each field's " +
    "value before and after (amounts in USD). actor.type says who: user (someone in the dashboard), api_client, " +
    "oauth_app (a connected app such as this one, on_behalf_of the user who approved it) or system (a campaign ended " +
    "when its budget ran out or its end date passed, the target-CPA controller moving a bid, a failing webhook " +
    'endpoint deactivated), whose `reason` says why. Use it to answer "why did this bid change?" or "who paused ' +
    'this campaign?". Filter by campaign, actor, kind of target and time; page with next_cursor (1-100 a page, ' +
    "default 50). Kept 400 days.",
  input: {
    campaign_id: campaignId.optional().describe("Only this campaign and its creatives."),
    actor_type: z.enum(CHANGE_ACTOR_TYPES).optional(),
    actor_id: z.string().min(1).max(200).optional().describe("Only this actor (usr_…, cli_…, ogr_…, or a system job)."),
    target_type: z.enum(CHANGE_TARGET_TYPES).optional(),
    since: instant.optional().describe("Changes at or after this instant (a date: from the start of that UTC day)."),
    until: instant.optional().describe("Changes before this instant (a date: through the end of that UTC day)."),
    cursor: z.string().min(1).max(1000).optional().describe("next_cursor of the previous page."),
    limit: z.number().int().min(1).max(100).optional().describe("Changes per page, 1-100 (default 50)."),
  },
  output: {
    changes: z.array(
      z.looseObject({
        id: z.string(),
        at: z.string(),
        actor: z.looseObject({ type: z.string(), id: z.string(), name: z.string() }),
        operation: z.string(),
        target: z.looseObject({ type: z.string(), id: z.string() }),
        fields: z.record(z.string(), z.looseObject({ from: z.unknown(), to: z.unknown() })),
        reason: z.string().nullable(),
      }),
    ),
    next_cursor: z.string().nullable(),
  },
  operations: ["listChanges"],
  run: async (args, { api }) => api.read("listChanges", { query: args }),
});
