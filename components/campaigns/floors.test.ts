import { describe, expect, it } from "vitest";
import { bidFloorHint } from "./floors";

describe("bid floor hint", () => {
  it("names the highest floor among the selected moment types, from the domain's catalog", () => {
    expect(bidFloorHint(["CLOSE_GAME", "OVERTIME", "FOLLOW_ALERT"])).toBe(
      "At least $0.40, the floor of Overtime (the highest selected).",
    );
    expect(bidFloorHint(["SPREAD_ALERT", "MONEYLINE_ALERT"])).toBe(
      "At least $0.30, the floor of Spread Alert (the highest selected).",
    );
    expect(bidFloorHint([])).toBeNull();
  });
});
