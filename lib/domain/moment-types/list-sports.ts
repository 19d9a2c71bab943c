// The sports a campaign can target, with the names the dashboard and GraphQL
// show (GraphQL's `sports`; REST has no twin: its schemas list the keys).
import { z } from "zod";
import { SPORT_NAMES, SPORTS, type Sport } from "@/lib/domain/sports";
import { defineOperation } from "@/lib/operations/operation";

export type SportInfo = { key: Sport; displayName: string };

export const listSports = defineOperation({
  name: "listSports",
  access: "public",
  write: false,
  input: z.object({}),
  run: async (): Promise<SportInfo[]> => SPORTS.map((key) => ({ key, displayName: SPORT_NAMES[key] })),
});
