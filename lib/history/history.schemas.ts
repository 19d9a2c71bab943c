// The change history's shapes (docs/decisions/1008): the filters of
// GET /api/ads/changes and of the GraphQL connections (one rule for both), and
// the REST view of a change, which the OpenAPI document states.
import { z } from "zod";
import { DAY_MS } from "@/lib/clock";
import { connectionInput } from "@/lib/domain/pagination";
import { ACTOR_TYPES, CHANGE_RETENTION_DAYS, TARGET_TYPES } from "@/lib/history/changes";

export { CHANGE_RETENTION_DAYS };

export const MAX_CHANGES_PER_PAGE = 100;
export const DEFAULT_CHANGES_PER_PAGE = 50;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An instant: an RFC 3339 date-time with its offset, or a date (a UTC day), which `since`
 * reads as the day's start and `until` as its end (the next day's start, not included).
 */
function instant(edge: "since" | "until") {
  return z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], {
      error: "must be an RFC 3339 date-time with an offset (2026-11-22T18:00:00Z) or a date (2026-11-22)",
    })
    .transform((text) => {
      const ms = Date.parse(DATE.test(text) ? `${text}T00:00:00Z` : text);
      return DATE.test(text) && edge === "until" ? ms + DAY_MS : ms;
    })
    .meta({
      description:
        edge === "since"
          ? "Changes at or after this instant: an RFC 3339 date-time with an offset, or a date (from the start of that UTC day)."
          : "Changes before this instant: an RFC 3339 date-time with an offset (not included), or a date (through the end of that UTC day).",
      example: edge === "since" ? "2026-11-01" : "2026-11-22T18:00:00Z",
    });
}

const filterShape = {
  campaign_id: z.string().min(1, "must not be empty").max(200, "at most 200 characters").optional().meta({
    description: "Only changes to this campaign and its creatives. A campaign that is not one of the caller's is 404.",
    example: "cmp_8fJ2nQ4xLbW9cT1mV6pR3z",
  }),
  actor_type: z.enum(ACTOR_TYPES).optional().meta({
    description:
      "Only changes made by a user (the dashboard), an API client, an OAuth app (on behalf of a user) or the system.",
  }),
  actor_id: z
    .string()
    .min(1, "must not be empty")
    .max(200, "at most 200 characters")
    .optional()
    .meta({ description: "Only changes by this actor (usr_…, cli_…, ogr_…, or a system job such as cpa_controller)." }),
  target_type: z.enum(TARGET_TYPES).optional().meta({ description: "Only changes to this kind of thing." }),
  since: instant("since").optional(),
  until: instant("until").optional(),
};

function sinceBeforeUntil(value: { since?: number; until?: number }, ctx: z.RefinementCtx): void {
  if (value.since !== undefined && value.until !== undefined && value.until <= value.since)
    ctx.addIssue({ code: "custom", path: ["until"], message: "must be after since" });
}

/** GET /api/ads/changes's query (strict: a misspelt filter is refused, not ignored). */
export const listChangesQuery = z
  .strictObject({
    ...filterShape,
    cursor: z
      .string()
      .min(1, "must not be empty")
      .max(1000, "at most 1000 characters")
      .optional()
      .meta({ description: "The `next_cursor` of the previous page." }),
    limit: z
      .number()
      .int("must be an integer")
      .min(1, "must be at least 1")
      .max(MAX_CHANGES_PER_PAGE, `must be at most ${MAX_CHANGES_PER_PAGE}`)
      .default(DEFAULT_CHANGES_PER_PAGE)
      .meta({ description: `Changes per page, 1 to ${MAX_CHANGES_PER_PAGE} (default ${DEFAULT_CHANGES_PER_PAGE}).` }),
  })
  .superRefine(sinceBeforeUntil)
  .meta({ id: "ListChangesQuery" });
export type ListChangesQuery = z.output<typeof listChangesQuery>;

/** The GraphQL connections' input: the same filters beside first/after, last/before. */
export const listChangesByCursorInput = connectionInput(filterShape).superRefine((value, ctx) =>
  sinceBeforeUntil(value as { since?: number; until?: number }, ctx),
);
export type ListChangesByCursorInput = z.output<typeof listChangesByCursorInput>;

export type ChangeFilters = Pick<
  ListChangesQuery,
  "campaign_id" | "actor_type" | "actor_id" | "target_type" | "since" | "until"
>;

// ------------------------------------------------------------------ outputs

const fieldValue = z
  .union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())])
  .meta({ id: "ChangeFieldValue", description: "A value as the API shows it: USD as numbers, dates as ISO text." });

export const changeView = z
  .object({
    id: z.string().meta({ example: "chg_0ABcD3fG8hJ2kL4mN6pQ" }),
    at: z.iso.datetime().meta({ description: "When the change was made (committed with it)." }),
    actor: z
      .object({
        type: z.enum(ACTOR_TYPES),
        id: z.string().meta({
          description:
            "usr_… (a user through the dashboard), cli_… (an API client), ogr_… (a connected app), or the system job: " +
            "delivery, lifecycle, cpa_controller, webhook_dispatcher, oauth, operator.",
        }),
        name: z.string().meta({
          description: "The actor's name when the change was made: the actor's own choice, which another may share.",
        }),
        email: z.string().nullable().meta({
          description:
            "A user's email when the change was made (what tells two people of one name apart); null otherwise.",
        }),
        client_id: z
          .string()
          .nullable()
          .meta({ description: "An api_client's or oauth_app's client id; null otherwise." }),
      })
      .meta({ id: "ChangeActor" }),
    on_behalf_of: z
      .object({ id: z.string(), name: z.string(), email: z.string().nullable() })
      .nullable()
      .meta({ description: "For an oauth_app: the user who approved it and for whom it acted; null otherwise." }),
    operation: z.string().meta({
      description:
        "The operation (its operationId, such as updateCampaign), or the system's step (endCampaign, adjustBid, …).",
      example: "updateCampaign",
    }),
    target: z
      .object({ type: z.enum(TARGET_TYPES), id: z.string() })
      .meta({ id: "ChangeTarget", description: "What was changed." }),
    campaign_id: z
      .string()
      .nullable()
      .meta({ description: "The campaign a change to a campaign or one of its creatives belongs to." }),
    fields: z.record(z.string(), z.object({ from: fieldValue, to: fieldValue })).meta({
      description:
        "Each changed field, by its name in the API, with its value before and after (null before a creation). " +
        "Amounts are USD numbers; secrets are never recorded.",
      example: { bid_cpm_usd: { from: 2.5, to: 3 } },
    }),
    reason: z
      .string()
      .nullable()
      .meta({
        description:
          "Why the system made it (budget_exhausted, end_date, the target-CPA controller's reasoning, why a webhook " +
          "endpoint was deactivated, a reused OAuth token); null for a change a user, client or app asked for.",
      }),
  })
  .meta({ id: "Change" });
export type ChangeView = z.infer<typeof changeView>;

export const changeListView = z
  .object({
    changes: z.array(changeView).meta({ description: "Newest first." }),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `cursor` for the next (older) page; null on the last page." }),
  })
  .meta({ id: "ChangeList" });
export type ChangeListView = z.infer<typeof changeListView>;
