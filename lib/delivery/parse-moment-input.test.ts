import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { MAX_MOMENT_USERS, momentInput } from "./delivery.schemas";
import { MAX_FIELD_ERRORS, parseMomentInput } from "./parse-moment-input";

const text = fc.oneof(
  fc.constantFrom(
    "close_game",
    "foul_trouble",
    "nba",
    "nfl",
    "cricket",
    "",
    "u1",
    "u2",
    "x".repeat(128),
    "x".repeat(129),
  ),
  fc.string({ maxLength: 140 }),
);
const value = fc.oneof(text, fc.integer(), fc.constant(null), fc.boolean());
/** user lists: mostly strings from a small pool (so duplicates happen), sometimes other values */
const userList = fc.oneof(
  fc.array(fc.constantFrom("u1", "u2", "u3", "u4", "", "x".repeat(129)), { maxLength: 6 }),
  fc.uniqueArray(fc.string({ minLength: 1, maxLength: 128 }), { maxLength: 8 }),
  fc.array(value, { maxLength: 4 }),
  value,
);
const bodies = fc.oneof(
  fc.record(
    { moment_type: value, sport: value, game_id: value, user_ids: userList, extra: value },
    { requiredKeys: [] },
  ),
  fc.record({
    moment_type: fc.constantFrom("close_game", "overtime"),
    sport: fc.constantFrom("nba", "nfl"),
    game_id: text,
    user_ids: userList,
  }),
  fc.constantFrom(null, [], "text", 3),
);

function agrees(body: unknown): boolean {
  const expected = momentInput.safeParse(body);
  try {
    const parsed = parseMomentInput(body);
    return expected.success && JSON.stringify(parsed) === JSON.stringify(expected.data);
  } catch (error) {
    return !expected.success && error instanceof AppError && error.code === "validation_failed";
  }
}

describe("parseMomentInput", () => {
  it("accepts and refuses exactly what the zod schema does", () => {
    fc.assert(fc.property(bodies, agrees), { numRuns: 3000, seed: 20261127 });
  });

  it("agrees at the size limits: 10,000 distinct users, 10,001, and a duplicate at the end", () => {
    const users = Array.from({ length: MAX_MOMENT_USERS }, (_, index) => `user-${index}`);
    const body = { moment_type: "close_game", sport: "nba", game_id: "g", user_ids: users };
    expect(agrees(body)).toBe(true);
    expect(parseMomentInput(body).user_ids).toHaveLength(MAX_MOMENT_USERS);
    expect(agrees({ ...body, user_ids: [...users, "one-more"] })).toBe(true);
    expect(() => parseMomentInput({ ...body, user_ids: [...users, "one-more"] })).toThrow(AppError);
    const duplicated = [...users.slice(0, -1), "user-17"];
    expect(agrees({ ...body, user_ids: duplicated })).toBe(true);
  });

  it("names the duplicate's index, and lists at most MAX_FIELD_ERRORS problems", () => {
    const base = { moment_type: "close_game", sport: "nba", game_id: "g" };
    try {
      parseMomentInput({ ...base, user_ids: ["a", "b", "a"] });
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).fieldErrors).toEqual([{ path: "user_ids[2]", message: "duplicate of user_ids[0]" }]);
    }
    try {
      parseMomentInput({ ...base, user_ids: Array.from({ length: 500 }, () => "") });
      expect.unreachable();
    } catch (error) {
      const appError = error as AppError;
      expect(appError.fieldErrors).toHaveLength(MAX_FIELD_ERRORS);
      expect(appError.fieldErrors![0]).toEqual({ path: "user_ids[0]", message: "must not be empty" });
      // each empty id is a problem, and each after the first also a duplicate
      expect(appError.detail).toBe("user_ids[0]: must not be empty (999 problems; the first 100 are listed)");
    }
  });
});
