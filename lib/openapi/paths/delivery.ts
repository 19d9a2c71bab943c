// The publisher-side delivery paths (docs/api.md, "Operations"), served by the hot router.
import { z } from "zod";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import {
  decisionInput,
  decisionView,
  MAX_MOMENT_USERS,
  momentInput,
  momentView,
} from "@/lib/delivery/delivery.schemas";
import { platformKeySecurity, problemResponses } from "../common";

export const deliveryDocs = {
  decideMoment: {
    operationId: "decideMoment",
    summary: "Ad decision at a moment",
    description:
      "Runs the second-price auction for one moment of one user with a stake: eligible campaigns target the moment type " +
      "in the sport, are active, started and not past their end date, have budget left today and in total (even pacing by " +
      "default) and an approved creative; only the best campaign of each advertiser enters; the winner pays max(second-highest " +
      "bid, floor), a lone bidder the floor, and the impression costs CPM / 1000. Per user, at most 5 alerts per game and 10 " +
      "per rolling hour across all campaigns. The impression is recorded before the answer. 204 when nothing is eligible " +
      "or the user's cap is reached.",
    tags: ["Delivery"],
    security: platformKeySecurity,
    requestBody: { required: true, content: { "application/json": { schema: decisionInput } } },
    responses: {
      "200": { description: "The winning ad", content: { "application/json": { schema: decisionView } } },
      "204": { description: "No fill: nothing eligible, or the user's alert cap is reached" },
      ...problemResponses("bad_request", "unauthorized", "validation_failed", "unavailable"),
    },
  },
  fanOutMoment: {
    operationId: "fanOutMoment",
    summary: "Ad decisions for every user of a moment",
    description:
      `One moment of a live game for up to ${MAX_MOMENT_USERS.toLocaleString("en-US")} users with a stake in it, each named once: ` +
      "every rule of a single decision (`decideMoment`) applies to each user, and the users are decided one after another in " +
      "the order given (each sees the budgets the users before it spent, and the per-user caps), so the answer equals the " +
      "same users' single decisions made in that order. `decisions` has one element per user, in the order of `user_ids`: " +
      "the winning ad with `user_id`, or `{user_id, impression_id: null, reason}` (`no_fill` or `capped`). Every impression " +
      "in a 200 is recorded before the answer, all in one transaction: a failed request recorded none. A duplicate or empty " +
      "user id is 422 naming it (`user_ids[17]`); at most 100 problems are listed. A platform key runs at most 2 " +
      "moments at once per instance: a third is 429 with `Retry-After` (retry it; nothing was recorded).",
    tags: ["Delivery"],
    security: platformKeySecurity,
    requestBody: { required: true, content: { "application/json": { schema: momentInput } } },
    responses: {
      "200": {
        description: "One decision per user, in the order of user_ids",
        content: { "application/json": { schema: momentView } },
      },
      ...problemResponses("bad_request", "unauthorized", "validation_failed", "rate_limited", "unavailable"),
    },
  },
  followClick: {
    operationId: "followClick",
    summary: "Click on an ad's deep link",
    description:
      "Records the click once (repeats redirect but are not counted again) and redirects to the creative's action_url with " +
      "`click_id` added as a query parameter. The click id is what attribution postbacks later reference.",
    tags: ["Delivery"],
    security: [],
    requestParams: {
      path: z.object({ click_id: z.string().meta({ example: "clk_0Lq3Xk2a4Q9pZr2VbT7mXc1LwK8sNdRt" }) }),
    },
    responses: {
      "302": {
        description: "To the creative's action_url with click_id",
        headers: {
          Location: { description: "action_url with click_id=<click_id>", schema: { type: "string" as const } },
        },
      },
      ...problemResponses("click_not_found"),
    },
  },
} satisfies Record<string, ZodOpenApiOperationObject & { operationId: string }>;
