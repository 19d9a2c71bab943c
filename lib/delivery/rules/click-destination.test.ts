import { describe, expect, it } from "vitest";
import { clickDestination } from "./click-destination";

describe("clickDestination", () => {
  it("appends click_id to the action URL, keeping its own parameters", () => {
    expect(clickDestination("https://book.example.com/go?x=1", "clk_A", "cmp_B")).toBe(
      "https://book.example.com/go?x=1&click_id=clk_A",
    );
  });

  it("substitutes {click_id} and {campaign_id} macros of an attribution link", () => {
    const link = "https://app.appsflyer.com/id123?pid=sma_int&clickid={click_id}&af_sub1={campaign_id}";
    expect(clickDestination(link, "clk_A", "cmp_B")).toBe(
      "https://app.appsflyer.com/id123?pid=sma_int&clickid=clk_A&af_sub1=cmp_B&click_id=clk_A",
    );
    // already percent-encoded braces (as a URL parser writes them) work the same
    expect(clickDestination("https://t.example.com/?c=%7Bcampaign_id%7D", "clk_A", "cmp_B")).toBe(
      "https://t.example.com/?c=cmp_B&click_id=clk_A",
    );
  });

  it("works for app deep links", () => {
    expect(clickDestination("sportsbook://promo/{campaign_id}", "clk_A", "cmp_B")).toBe(
      "sportsbook://promo/cmp_B?click_id=clk_A",
    );
  });
});
