import { z } from "zod";
import { MOMENT_TYPE_KEYS } from "@/lib/domain/moment-types/catalog";
import { SPORTS } from "@/lib/domain/sports";
import { excludedCategories, regionCode } from "@/lib/domain/regions/regions.schemas";

const idText = z.string().min(1, "must not be empty").max(128, "at most 128 characters");

export const decisionInput = z
  .strictObject({
    moment_type: z.enum(MOMENT_TYPE_KEYS).meta({ description: "A moment type key (E2)." }),
    sport: z.enum(SPORTS),
    game_id: idText.meta({ description: "The publisher's id of the live game (per-game alert cap)." }),
    user_id: idText.meta({ description: "The publisher's id of the user with a stake (per-user caps)." }),
    region: regionCode.nullish().meta({
      description:
        "Where the user is (ISO 3166-2, or a country code): campaigns targeting regions and gambling advertisers (licensed regions only) serve only a user whose region they cover. Unknown: omit it or null.",
    }),
    excluded_categories: excludedCategories.optional(),
  })
  .meta({ id: "DecisionRequest" });
export type DecisionInput = z.infer<typeof decisionInput>;

export const decisionView = z
  .object({
    impression_id: z.string(),
    campaign_id: z.string(),
    creative_id: z.string(),
    variant_label: z.string().meta({ example: "variant_a" }),
    clearing_cpm_usd: z.number().meta({
      description: "The price paid: max(second-highest bid, floor) as a CPM; the impression costs CPM / 1000.",
    }),
    creative: z.object({
      headline: z.string(),
      body: z.string(),
      icon_url: z.string(),
      cta_text: z.string().nullable(),
    }),
    click_url: z.string().meta({
      description: "Unguessable deep link: GET records the click once and redirects to the creative's action_url.",
    }),
  })
  .meta({ id: "Decision" });
export type DecisionView = z.infer<typeof decisionView>;

/** The most users one moment request may name (POST /api/delivery/moments). */
export const MAX_MOMENT_USERS = 10_000;

/** Ids distinct in the list `field` (`at` reads each element's id); each repeat names the first. */
function distinctIds<T>(field: string, at: (element: T) => string) {
  return (elements: readonly T[], context: z.RefinementCtx) => {
    const first = new Map<string, number>();
    elements.forEach((element, index) => {
      const id = at(element);
      const earlier = first.get(id);
      if (earlier === undefined) first.set(id, index);
      else context.addIssue({ code: "custom", path: [index], message: `duplicate of ${field}[${earlier}]` });
    });
  };
}

export const momentUser = z
  .strictObject({
    user_id: idText,
    region: regionCode.nullish(),
    excluded_categories: excludedCategories.optional(),
  })
  .meta({ id: "MomentUser", description: "A user of a moment, with where they are and what they exclude." });
export type MomentUser = z.infer<typeof momentUser>;

export const momentInput = z
  .strictObject({
    moment_type: z.enum(MOMENT_TYPE_KEYS).meta({ description: "A moment type key (E2)." }),
    sport: z.enum(SPORTS),
    game_id: idText.meta({ description: "The publisher's id of the live game (per-game alert cap)." }),
    user_ids: z
      .array(idText)
      .min(1, "must name at least one user")
      .max(MAX_MOMENT_USERS, `at most ${MAX_MOMENT_USERS} users`)
      .superRefine(distinctIds("user_ids", (id: string) => id))
      .optional()
      .meta({
        description:
          "The users with a stake in the game, each once (1 to 10,000), when no region or exclusion is known; or give `users`. The answer's decisions are in this order, and the users are decided one after another in it.",
      }),
    users: z
      .array(momentUser)
      .min(1, "must name at least one user")
      .max(MAX_MOMENT_USERS, `at most ${MAX_MOMENT_USERS} users`)
      .superRefine(distinctIds("users", (user: MomentUser) => user.user_id))
      .optional()
      .meta({
        description:
          "The users with a stake in the game, each once (1 to 10,000), with their region and excluded categories; or give `user_ids`. Decided in this order.",
      }),
  })
  .superRefine((moment, context) => {
    if ((moment.user_ids === undefined) === (moment.users === undefined))
      context.addIssue({
        code: "custom",
        path: [moment.users === undefined ? "user_ids" : "users"],
        message: "give either user_ids or users, one of them",
      });
  })
  .meta({ id: "MomentRequest" });
export type MomentInput = z.infer<typeof momentInput>;

/** A moment's users as one list, whichever field named them. */
export function momentUsers(input: MomentInput): MomentUser[] {
  return input.users ?? input.user_ids!.map((user_id) => ({ user_id }));
}

/** A user of a moment left without an ad: nothing eligible (or every winner's budget refused), or a per-user cap. */
export const momentNoAd = z
  .object({
    user_id: z.string(),
    impression_id: z.null(),
    reason: z.enum(["no_fill", "capped"]).meta({
      description:
        "no_fill: nothing eligible for this user (its region, exclusions, budgets); capped: the user's alert cap (5 per game, 10 per rolling hour) is reached.",
    }),
  })
  .meta({ id: "MomentNoAd" });

export const momentView = z
  .object({
    decisions: z
      .array(z.union([decisionView.extend({ user_id: z.string() }).meta({ id: "MomentAd" }), momentNoAd]))
      .meta({ description: "One per user, in the order of `user_ids` or `users`." }),
  })
  .meta({ id: "MomentDecisions" });
export type MomentView = z.infer<typeof momentView>;
