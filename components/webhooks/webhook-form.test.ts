import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "@/lib/webhooks/events";
import { zodFieldErrors } from "@/components/form-errors";
import {
  WEBHOOK_EVENT_KINDS,
  answerText,
  canRedeliver,
  eventKindLabel,
  eventKindName,
  webhookEventsFormSchema,
  webhookFormSchema,
  webhookInput,
} from "./webhook-form";

describe("webhook form", () => {
  it("offers the domain's event kinds in GraphQL's capitals", () => {
    expect(WEBHOOK_EVENT_KINDS.map(eventKindName)).toEqual([...EVENT_TYPES]);
    expect(WEBHOOK_EVENT_KINDS[0]).toBe("IMPRESSION_SERVED");
  });

  it("builds the input in the domain's order, the URL trimmed", () => {
    const parsed = webhookFormSchema.parse({
      url: " https://hooks.example.com/x ",
      events: ["click.recorded", "impression.served"],
      batch_impressions: true,
    });
    expect(webhookInput(parsed)).toEqual({
      url: "https://hooks.example.com/x",
      events: ["IMPRESSION_SERVED", "CLICK_RECORDED"],
      batchImpressions: true,
    });
  });

  it("builds the Events form's input in the domain's order and refuses an empty choice in words", () => {
    expect(webhookEventsFormSchema.parse({ events: ["campaign.ended", "impression.served"] })).toEqual({
      events: ["impression.served", "campaign.ended"],
    });
    const empty = webhookEventsFormSchema.safeParse({ events: [] });
    expect(zodFieldErrors(empty.error!)).toEqual({ events: "Select at least one event" });
    // react-hook-form gives a lone ticked checkbox as its value, not a list: nothing is taken for it
    expect(webhookEventsFormSchema.safeParse({ events: false }).success).toBe(false);
  });

  it("checks the input with the API's schema, in words for people", () => {
    const result = webhookFormSchema.safeParse({ url: "not a url", events: [], batch_impressions: false });
    expect(zodFieldErrors(result.error!)).toEqual({
      url: "Enter the full web address of your endpoint, starting with https://, such as https://hooks.example.com/sma",
      events: "Select at least one event",
    });
  });

  it("retries while the endpoint is active and no attempt is under way", () => {
    expect(canRedeliver("FAILED", true)).toBe(true);
    expect(canRedeliver("DELIVERING", true)).toBe(false);
    expect(canRedeliver("FAILED", false)).toBe(false);
  });

  it("says an endpoint's answer once", () => {
    expect(answerText(404, "HTTP 404: nf")).toBe("HTTP 404: nf");
    expect(answerText(404, "not found")).toBe("HTTP 404: not found");
    expect(answerText(200, "")).toBe("HTTP 200");
    expect(answerText(null, "no answer within 0.3 s")).toBe("no answer within 0.3 s");
    expect(answerText(0, null)).toBe("no answer");
  });

  it("names every event kind in words, by either name", () => {
    for (const kind of EVENT_TYPES) expect(eventKindLabel(kind)).not.toBe(kind);
    expect(eventKindLabel("CAMPAIGN_BID_ADJUSTED")).toBe("The target-CPA controller changed a bid");
    expect(eventKindLabel("conversion.recorded")).toBe("A conversion was recorded");
    expect(eventKindLabel("future.kind")).toBe("future.kind");
  });
});
