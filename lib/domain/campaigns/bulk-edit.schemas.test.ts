import { describe, expect, it } from "vitest";
import { usdToMicros } from "@/lib/money";
import { amountChangeInput, bulkValue, changedMicros } from "./bulk-edit.schemas";
import { floorIssue } from "./campaigns.schemas";

describe("changedMicros", () => {
  it("is the amount itself, rounded to the micro-dollar as a request's amount is", () => {
    expect(changedMicros(2_000_000n, { kind: "amount", value: 3.25 })).toBe(3_250_000n);
    expect(changedMicros(2_000_000n, { kind: "amount", value: 0.35 })).toBe(usdToMicros(0.35));
  });

  it("changes by a percentage exactly, rounding half up to the micro-dollar", () => {
    expect(changedMicros(2_000_000n, { kind: "percent", value: 10 })).toBe(2_200_000n);
    expect(changedMicros(2_000_000n, { kind: "percent", value: -25 })).toBe(1_500_000n);
    expect(changedMicros(50_000_000n, { kind: "percent", value: 12.5 })).toBe(56_250_000n);
    // 1.000001 USD + 50 % = 1.5000015: half a micro-dollar, rounded up
    expect(changedMicros(1_000_001n, { kind: "percent", value: 50 })).toBe(1_500_002n);
    // 0.333333 USD - 33.333333 % = 0.2222221111...: rounded down
    expect(changedMicros(333_333n, { kind: "percent", value: -33.333333 })).toBe(222_222n);
    // no float noise: 0.1 + 0.2 style values stay exact
    expect(changedMicros(300_000n, { kind: "percent", value: 0.1 })).toBe(300_300n);
    expect(changedMicros(7_770_000n, { kind: "percent", value: 0 })).toBe(7_770_000n);
  });
});

describe("bulkValue", () => {
  const closeGame = { momentTypes: ["close_game"] as const, currentMicros: 1_000_000n };

  it("answers the new bid and daily budget in micro-dollars and USD", () => {
    expect(bulkValue("bid_cpm_usd", closeGame, { kind: "percent", value: 20 })).toEqual({
      ok: true,
      micros: 1_200_000n,
      usd: 1.2,
    });
    expect(
      bulkValue(
        "daily_budget_usd",
        { momentTypes: ["close_game"], currentMicros: 20_000_000n },
        {
          kind: "amount",
          value: 35,
        },
      ),
    ).toEqual({ ok: true, micros: 35_000_000n, usd: 35 });
  });

  it("refuses a bid below the floor with the domain's floor message", () => {
    const result = bulkValue("bid_cpm_usd", closeGame, { kind: "percent", value: -70 });
    expect(result).toEqual({ ok: false, message: floorIssue(["close_game"], 300_000n) });
    expect(result.ok === false && result.message).toMatch(/must be at least 0\.35, the floor of close_game/);
    // the highest floor among the campaign's types sets it
    expect(
      bulkValue(
        "bid_cpm_usd",
        { momentTypes: ["close_game", "overtime"], currentMicros: 1_000_000n },
        {
          kind: "amount",
          value: 0.38,
        },
      ),
    ).toEqual({ ok: false, message: floorIssue(["close_game", "overtime"], 380_000n) });
    // exactly the floor is accepted
    expect(bulkValue("bid_cpm_usd", closeGame, { kind: "amount", value: 0.35 })).toMatchObject({ ok: true });
  });

  it("refuses what updateCampaign's field schema refuses, with its message", () => {
    expect(
      bulkValue(
        "daily_budget_usd",
        { momentTypes: ["close_game"], currentMicros: 6_000_000n },
        {
          kind: "percent",
          value: -50,
        },
      ),
    ).toEqual({ ok: false, message: "must be at least 5" });
    expect(bulkValue("bid_cpm_usd", closeGame, { kind: "amount", value: 1000.01 })).toEqual({
      ok: false,
      message: "must be at most 1000",
    });
    expect(
      bulkValue(
        "bid_cpm_usd",
        { momentTypes: ["close_game"], currentMicros: 600_000_000n },
        {
          kind: "percent",
          value: 100,
        },
      ),
    ).toEqual({ ok: false, message: "must be at most 1000" });
  });
});

describe("amountChangeInput", () => {
  it("accepts an amount above 0 and a percentage above -100 and up to 1000", () => {
    expect(amountChangeInput.safeParse({ kind: "amount", value: 2.5 }).success).toBe(true);
    expect(amountChangeInput.safeParse({ kind: "percent", value: -99.5 }).success).toBe(true);
    expect(amountChangeInput.safeParse({ kind: "percent", value: 1000 }).success).toBe(true);
  });

  it("refuses nothing, minus a hundred percent or more, too many decimals and unknown kinds", () => {
    for (const input of [
      { kind: "amount", value: 0 },
      { kind: "amount", value: 1.0000001 },
      { kind: "percent", value: -100 },
      { kind: "percent", value: 1000.5 },
      { kind: "percent", value: Number.NaN },
      { kind: "factor", value: 2 },
    ])
      expect(amountChangeInput.safeParse(input).success, JSON.stringify(input)).toBe(false);
  });
});
