import { describe, expect, it } from "vitest";
import { camelize, graphqlPath, toRestQuery, toRestShape } from "./camel-case";

describe("camelCase views and snake_case inputs", () => {
  it("renames view keys deeply and leaves values alone", () => {
    const view = { bid_cpm_usd: 2.5, today: { spend_usd: 1 }, attempt_log: [{ status_code: 200 }], key: "close_game" };
    expect(camelize(view)).toEqual({
      bidCpmUsd: 2.5,
      today: { spendUsd: 1 },
      attemptLog: [{ statusCode: 200 }],
      key: "close_game",
    });
  });

  it("turns GraphQL inputs (null-prototype objects included) back into REST bodies", () => {
    const input = Object.assign(Object.create(null) as object, {
      bidCpmUsd: 2,
      endDate: null,
      creative: { iconUrl: "https://x", ctaText: "Go" },
      momentTypes: ["close_game"],
    });
    expect(toRestShape(input)).toEqual({
      bid_cpm_usd: 2,
      end_date: null,
      creative: { icon_url: "https://x", cta_text: "Go" },
      moment_types: ["close_game"],
    });
    expect(toRestQuery({ startDate: "2026-01-01", breakdown: null })).toEqual({ start_date: "2026-01-01" });
  });

  it("maps REST error paths to GraphQL field paths", () => {
    expect(graphqlPath("creative.icon_url")).toEqual(["creative", "iconUrl"]);
    expect(graphqlPath("moment_types[2]")).toEqual(["momentTypes", "2"]);
    expect(graphqlPath("budget_50pct")).toEqual(["budget50pct"]);
    expect(graphqlPath("")).toEqual([]);
  });
});
