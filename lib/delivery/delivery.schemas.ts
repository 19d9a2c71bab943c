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
