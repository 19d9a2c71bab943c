import { z } from "zod";
import { SPORTS } from "@/lib/domain/sports";

export const momentTypeView = z
  .object({
    key: z.string().meta({ example: "close_game" }),
    display_name: z.string().meta({ example: "Close Game" }),
    description: z.string(),
    floor_cpm_usd: z
      .number()
      .meta({ description: "Floor CPM in USD; a bid must meet the floor of every moment type it targets." }),
    typical_ctr_low: z.number().nullable().meta({
      description: "25th percentile of per-campaign CTR over 30 days; null until enough delivered volume exists.",
    }),
    typical_ctr_high: z
      .number()
      .nullable()
      .meta({ description: "75th percentile of per-campaign CTR over 30 days; null until enough volume." }),
    available_sports: z.array(z.enum(SPORTS)),
  })
  .meta({ id: "MomentType" });
export type MomentTypeView = z.infer<typeof momentTypeView>;
