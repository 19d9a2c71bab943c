import { describe, expect, it } from "vitest";
import {
  fieldInstant,
  fieldLabel,
  fieldValue,
  historyHref,
  operationLabel,
  parseHistoryParams,
  reasonLabel,
} from "./change-format";

describe("the change history as the dashboard reads it", () => {
  it("shows amounts in dollars, lists joined, nothing as a dash, other values as they are", () => {
    expect(fieldValue("bid_cpm_usd", "3.25")).toBe("$3.25");
    expect(fieldValue("bid_cpm_usd", "null")).toBe("—");
    expect(fieldValue("sports", '["nba","nfl"]')).toBe("nba, nfl");
    expect(fieldValue("status", '"paused"')).toBe("paused");
    expect(fieldValue("name", '""')).toBe("—");
    expect(fieldValue("name", "not json")).toBe("not json");
    expect(fieldValue("start_date", '"2026-11-03"')).toBe("Nov 3, 2026");
  });

  it("tells an instant (ISO text with a zone) from other text, for the table to show it in the reader's zone", () => {
    expect(fieldInstant('"2026-11-03T14:05:00.000Z"')).toBe("2026-11-03T14:05:00.000Z");
    expect(fieldInstant('"2026-11-03T14:05:00+01:00"')).toBe("2026-11-03T14:05:00+01:00");
    expect(fieldInstant('"2026-11-03"')).toBeNull();
    expect(fieldInstant('"2026-11-03T14:05:00"')).toBeNull();
    expect(fieldInstant('"2026-13-45T99:05:00Z"')).toBeNull();
    expect(fieldInstant("null")).toBeNull();
    expect(fieldInstant("not json")).toBeNull();
  });

  it("names fields, operations and reasons in words, unknown ones by their name", () => {
    expect(fieldLabel("bid_cpm_usd")).toBe("Bid (CPM)");
    expect(fieldLabel("status")).toBe("Status");
    expect(fieldLabel("some_new_field")).toBe("Some new field");
    expect(operationLabel("updateCampaign")).toBe("Changed the campaign");
    expect(operationLabel("futureOperation")).toBe("Future operation");
    expect(operationLabel("joinBySignUp")).toBe("Joined by signing up");
    expect(operationLabel("setVariantStatus")).toBe("Changed a variant's status");
    expect(operationLabel("duplicateCampaign", "CREATIVE")).toBe("Created the copy's variant");
    expect(operationLabel("createCampaign", "CREATIVE")).toBe("Created the campaign's first variant");
    expect(operationLabel("createCampaign", "CAMPAIGN")).toBe("Created the campaign");
    expect(reasonLabel("budget_exhausted")).toBe("the total budget was spent");
    expect(reasonLabel("cpa_above_target")).toBe("cpa above target");
  });

  it("reads /history's filters from the URL, with an error per field it cannot use", () => {
    expect(
      parseHistoryParams({
        actor: "user",
        kind: "creative",
        since: "2026-11-01",
        until: "2026-11-02",
        campaign: "cmp_1",
      }),
    ).toEqual({
      params: {
        actor: "USER",
        kind: "CREATIVE",
        since: "2026-11-01",
        until: "2026-11-02",
        campaign: "cmp_1",
        after: null,
      },
      errors: {},
    });
    expect(parseHistoryParams({}).errors).toEqual({});
    const bad = parseHistoryParams({ actor: "robot", kind: "invoice", since: "2026-02-30", until: "soon" });
    expect(Object.keys(bad.errors).sort()).toEqual(["actor", "kind", "since", "until"]);
    expect(bad.params).toMatchObject({ actor: null, kind: null, since: null, until: null });
    expect(parseHistoryParams({ since: "2026-11-03", until: "2026-11-02" }).errors).toEqual({
      until: "Must be on or after the start date.",
    });
    // a parameter given twice: the first
    expect(parseHistoryParams({ actor: ["system", "user"] }).params.actor).toBe("SYSTEM");
  });

  it("writes the filters back into a URL, leaving out what is unset", () => {
    expect(historyHref({ actor: null, campaign: null, kind: null, since: null, until: null })).toBe("/history");
    expect(
      historyHref({ actor: "SYSTEM", campaign: "cmp_1", kind: null, since: "2026-11-01", until: null }, "abc"),
    ).toBe("/history?actor=system&campaign=cmp_1&since=2026-11-01&after=abc");
  });
});
