import { z } from "zod";
import { MOMENT_TYPE_KEYS } from "@/lib/domain/moment-types/catalog";
import { SPORTS } from "@/lib/domain/sports";

const idText = z.string().min(1, "must not be empty").max(128, "at most 128 characters");

export const decisionInput = z
  .strictObject({
    moment_type: z.enum(MOMENT_TYPE_KEYS).meta({ description: "A moment type key (E2)." }),
    sport: z.enum(SPORTS),
    game_id: idText.meta({ description: "The publisher's id of the live game (per-game alert cap)." }),
    user_id: idText.meta({ description: "The publisher's id of the user with a stake (per-user caps)." }),
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

export const momentInput = z
  .strictObject({
    moment_type: z.enum(MOMENT_TYPE_KEYS).meta({ description: "A moment type key (E2)." }),
    sport: z.enum(SPORTS),
    game_id: idText.meta({ description: "The publisher's id of the live game (per-game alert cap)." }),
    user_ids: z
      .array(idText)
      .min(1, "must name at least one user")
      .max(MAX_MOMENT_USERS, `at most ${MAX_MOMENT_USERS} users`)
      .superRefine((ids, context) => {
        const first = new Map<string, number>();
        ids.forEach((id, index) => {
          const earlier = first.get(id);
          if (earlier === undefined) first.set(id, index);
          else context.addIssue({ code: "custom", path: [index], message: `duplicate of user_ids[${earlier}]` });
        });
      })
      .meta({
        description:
          "The users with a stake in the game, each once (1 to 10,000); the answer's decisions are in this order, and the users are decided one after another in it.",
      }),
  })
  .meta({ id: "MomentRequest" });
export type MomentInput = z.infer<typeof momentInput>;

/** A user of a moment left without an ad: nothing eligible (or every winner's budget refused), or a per-user cap. */
export const momentNoAd = z
  .object({
    user_id: z.string(),
    impression_id: z.null(),
    reason: z.enum(["no_fill", "capped"]).meta({
      description:
        "no_fill: nothing eligible for this user; capped: the user's alert cap (5 per game, 10 per rolling hour) is reached.",
    }),
  })
  .meta({ id: "MomentNoAd" });

export const momentView = z
  .object({
    decisions: z
      .array(z.union([decisionView.extend({ user_id: z.string() }).meta({ id: "MomentAd" }), momentNoAd]))
      .meta({ description: "One per user, in the order of `user_ids`." }),
  })
  .meta({ id: "MomentDecisions" });
export type MomentView = z.infer<typeof momentView>;
