import { describe, expect, it } from "vitest";
import { POSTBACK_QUERY, postbackInput } from "@/lib/domain/conversions/conversions.schemas";
import { REPORT_QUERY } from "@/lib/domain/reporting/reporting.schemas";
import { PAGED_LIST_QUERY, queryObject } from "./query";

const url = (query: string) => new URL(`http://localhost/x?${query}`);

describe("queryObject", () => {
  it("reads every key as text by default; a repeated key is an array (for the schema to refuse); empty stays", () => {
    expect(queryObject(url("status=active&status=paused&page=2&name="))).toEqual({
      status: ["active", "paused"],
      page: "2",
      name: "",
    });
  });

  it("never picks one value of a repeated key: a paged list's, a report's and a postback's keys give them all", () => {
    expect(queryObject(url("page=1&page=2"), PAGED_LIST_QUERY)).toEqual({ page: [1, 2] });
    expect(queryObject(url("start_date=2026-03-01&start_date=2026-04-01"), REPORT_QUERY)).toEqual({
      start_date: ["2026-03-01", "2026-04-01"],
    });
    expect(queryObject(url("event_type=install&event_type=deposit"), POSTBACK_QUERY)).toEqual({
      event_type: ["install", "deposit"],
    });
  });

  it("a paged list's page and per_page are numbers when written as digits, text otherwise", () => {
    expect(queryObject(url("page=3&per_page=50&status=1"), PAGED_LIST_QUERY)).toEqual({
      page: 3,
      per_page: 50,
      status: "1",
    });
    expect(queryObject(url("page=-1&per_page=1e3"), PAGED_LIST_QUERY)).toEqual({ page: "-1", per_page: "1e3" });
    expect(queryObject(url("page=12345678901234567"), PAGED_LIST_QUERY)).toEqual({ page: "12345678901234567" });
  });

  it("reads a report's known keys only, an empty value absent (a blank one is kept)", () => {
    expect(queryObject(url("start_date=2026-03-01&end_date=&timezone=%20&format=csv&x=1"), REPORT_QUERY)).toEqual({
      start_date: "2026-03-01",
      timezone: " ",
    });
  });

  it("a repeated postback key is refused by the schema, naming the field", () => {
    const parsed = postbackInput.safeParse(
      queryObject(url("campaign_id=c&click_id=k&click_id=k&event_type=install"), POSTBACK_QUERY),
    );
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["click_id"]);
  });

  it("postbacks: only the known parameters, blank ones absent, a decimal value read as a number", () => {
    expect(
      queryObject(
        url("campaign_id=cmp_1&click_id=clk_1&event_type=deposit&event_value_usd=9.99&event_name=%20&af_sub1=x"),
        POSTBACK_QUERY,
      ),
    ).toEqual({ campaign_id: "cmp_1", click_id: "clk_1", event_type: "deposit", event_value_usd: 9.99 });
  });

  it("postbacks: a non-decimal value stays text so that validation names the field", () => {
    const coerced = queryObject(
      url("campaign_id=c&click_id=k&event_type=install&event_value_usd=(monetary)"),
      POSTBACK_QUERY,
    );
    const parsed = postbackInput.safeParse(coerced);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["event_value_usd"]);
  });

  it("postbacks: a negative value is refused (it is not a plain decimal)", () => {
    const parsed = postbackInput.safeParse(
      queryObject(url("campaign_id=c&click_id=k&event_type=install&event_value_usd=-1"), POSTBACK_QUERY),
    );
    expect(parsed.success).toBe(false);
  });
});
