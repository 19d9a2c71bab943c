// Valid E5 bodies for tests, overridable field by field.
import { systemClock, type Clock } from "@/lib/clock";

export function utcDay(offsetDays = 0, options: { clock?: Clock } = {}): string {
  return new Date((options.clock ?? systemClock)() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

export function creativeBody(iconUrl: string, overrides: Record<string, unknown> = {}) {
  return {
    headline: "Your parlay is one leg away",
    body: "Cash out now or ride it: live odds inside.",
    icon_url: iconUrl,
    action_url: "https://book.example.com/promo",
    cta_text: "Open bet",
    ...overrides,
  };
}

export function campaignBody(iconUrl: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "NBA close games",
    moment_types: ["close_game", "overtime"],
    sports: ["nba"],
    bid_cpm_usd: 2.5,
    daily_budget_usd: 50,
    total_budget_usd: 500,
    start_date: utcDay(1),
    end_date: null,
    target_cpa_usd: null,
    postback_url: null,
    creative: creativeBody(iconUrl),
    ...overrides,
  };
}
