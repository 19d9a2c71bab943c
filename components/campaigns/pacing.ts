// How the dashboard names GraphQL's Pacing values, in the forms and on the campaign page.
import type { Pacing } from "@/graphql/__generated__/client/graphql";

/** In the order the forms offer them (even is the API's default). */
export const PACING_OPTIONS = ["EVEN", "ASAP"] as const satisfies readonly Pacing[];

export const PACING_LABELS: Record<Pacing, string> = {
  EVEN: "Even",
  ASAP: "As fast as possible",
};
