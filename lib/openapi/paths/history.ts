import { CHANGE_RETENTION_DAYS, listChangesQuery } from "@/lib/history/history.schemas";
import type { OperationDoc } from "../common";

export const historyDocs = {
  listChanges: {
    summary: "Change history",
    description:
      "Every change to the advertiser's campaigns, creative variants, webhook endpoints, API clients, postback keys and " +
      "connected apps, newest first: when, who (`actor.type` user: someone in the dashboard; api_client; oauth_app: a " +
      "connected app, acting `on_behalf_of` the user who approved it; system: ad delivery ending a campaign whose budget " +
      "ran out, the lifecycle sweep at an end date, the target-CPA controller, the webhook dispatcher deactivating a " +
      "failing endpoint, with its `reason`), the operation, the target and each changed field's value before and after " +
      "(amounts in USD; secrets are never recorded). A change and its history entry commit together: a refused or failed " +
      `request leaves none. Kept ${CHANGE_RETENTION_DAYS} days. Filters combine; an unknown query parameter is refused ` +
      "(422), and so is a `campaign_id` that names no campaign of the caller (404). Page with `next_cursor`.",
    tags: ["History"],
    requestParams: { query: listChangesQuery },
    returns: "A page of changes",
    errors: ["not_found", "validation_failed"],
  },
} satisfies Record<string, OperationDoc>;
