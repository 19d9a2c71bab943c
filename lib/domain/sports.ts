export const SPORTS = ["ncaa_basketball", "nba", "nfl", "mlb"] as const;
export type Sport = (typeof SPORTS)[number];

export function isSport(value: string): value is Sport {
  return (SPORTS as readonly string[]).includes(value);
}

/** How the dashboard and the GraphQL API name each sport. */
export const SPORT_NAMES: Record<Sport, string> = {
  ncaa_basketball: "NCAA Basketball",
  nba: "NBA",
  nfl: "NFL",
  mlb: "MLB",
};
