import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { decisionInput } from "./delivery.schemas";
import { parseDecisionInput } from "./parse-decision-input";

const value = fc.oneof(
  fc.constantFrom("close_game", "foul_trouble", "nba", "nfl", "cricket", "", "x".repeat(128), "x".repeat(129)),
  fc.string({ maxLength: 140 }),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
);
const bodies = fc.oneof(
  fc.record({ moment_type: value, sport: value, game_id: value, user_id: value, extra: value }, { requiredKeys: [] }),
  fc.constantFrom(null, [], "text", 3),
);

describe("parseDecisionInput", () => {
  it("accepts and refuses exactly what the zod schema does", () => {
    fc.assert(
      fc.property(bodies, (body) => {
        const expected = decisionInput.safeParse(body);
        try {
          const parsed = parseDecisionInput(body);
          return expected.success && JSON.stringify(parsed) === JSON.stringify(expected.data);
        } catch (error) {
          return !expected.success && error instanceof AppError && error.code === "validation_failed";
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("returns a plain object with the four fields", () => {
    expect(parseDecisionInput({ moment_type: "overtime", sport: "mlb", game_id: "g", user_id: "u" })).toEqual({
      moment_type: "overtime",
      sport: "mlb",
      game_id: "g",
      user_id: "u",
    });
  });
});
