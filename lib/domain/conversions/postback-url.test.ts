import { describe, expect, it } from "vitest";
import { postbackInput } from "./conversions.schemas";
import { buildPostbackUrl } from "./postback-url";
import { postbackRetryDelayMs, POSTBACK_MAX_ATTEMPTS } from "./forward-postbacks";

const values = { click_id: "clk_A1", campaign_id: "cmp_B2", event_type: "purchase", event_value_usd: "12.5" };

describe("buildPostbackUrl", () => {
  it("substitutes every macro, each occurrence", () => {
    expect(
      buildPostbackUrl(
        "https://t.example.com/cb?c={click_id}&k={campaign_id}&e={event_type}&v={event_value_usd}&again={click_id}",
        values,
      ),
    ).toBe("https://t.example.com/cb?c=clk_A1&k=cmp_B2&e=purchase&v=12.5&again=clk_A1");
  });

  it("URL-encodes values", () => {
    expect(buildPostbackUrl("https://t.example.com/cb?e={event_type}", { ...values, event_type: "a b&c=d/é" })).toBe(
      "https://t.example.com/cb?e=a%20b%26c%3Dd%2F%C3%A9",
    );
  });

  it("puts an empty string for a missing value", () => {
    expect(
      buildPostbackUrl("https://t.example.com/cb?v={event_value_usd}&c={click_id}", {
        ...values,
        event_value_usd: null,
      }),
    ).toBe("https://t.example.com/cb?v=&c=clk_A1");
  });

  it("recognises percent-encoded macros (a normalised path) and leaves unknown braces alone", () => {
    expect(buildPostbackUrl("https://t.example.com/%7Bclick_id%7D/%7bcampaign_id%7d?x={other}", values)).toBe(
      "https://t.example.com/clk_A1/cmp_B2?x={other}",
    );
  });
});

describe("postbackInput", () => {
  it("requires event_name for custom events, and only for them", () => {
    const base = { campaign_id: "c", click_id: "k" };
    const custom = postbackInput.safeParse({ ...base, event_type: "custom" });
    expect(custom.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["event_name", "event_name is required when event_type is custom"],
    ]);
    expect(postbackInput.safeParse({ ...base, event_type: "custom", event_name: "vip" }).success).toBe(true);
    expect(postbackInput.safeParse({ ...base, event_type: "install" }).success).toBe(true);
    expect(postbackInput.safeParse({ ...base, event_type: "refund" }).success).toBe(false);
  });

  it("rejects unknown fields and negative values", () => {
    expect(postbackInput.safeParse({ campaign_id: "c", click_id: "k", event_type: "install", extra: 1 }).success).toBe(
      false,
    );
    expect(
      postbackInput.safeParse({ campaign_id: "c", click_id: "k", event_type: "install", event_value_usd: -0.01 })
        .success,
    ).toBe(false);
    expect(
      postbackInput.safeParse({ campaign_id: "c", click_id: "k", event_type: "install", event_value_usd: 0 }).success,
    ).toBe(true);
    expect(
      postbackInput.safeParse({ campaign_id: "c", click_id: "k", event_type: "install", event_value_usd: null })
        .success,
    ).toBe(true);
  });
});

describe("postbackRetryDelayMs", () => {
  it("backs off 10 s, 1 min, 10 min, 1 h within +-10 %, and the 5th attempt is the last", () => {
    expect([1, 2, 3, 4].map((attempts) => postbackRetryDelayMs(attempts, () => 0.5))).toEqual([
      10_000, 60_000, 600_000, 3_600_000,
    ]);
    expect(postbackRetryDelayMs(1, () => 0)).toBe(9_000);
    expect(postbackRetryDelayMs(1, () => 0.999999)).toBe(11_000);
    expect(POSTBACK_MAX_ATTEMPTS).toBe(5);
  });
});
