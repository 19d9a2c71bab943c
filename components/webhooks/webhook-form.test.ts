import { describe, expect, it } from "vitest";
import { graphqlEnumName } from "@/graphql/enums";
import { EVENT_TYPES } from "@/lib/webhooks/events";
import { WEBHOOK_EVENT_KINDS, canRedeliver, eventKindName, webhookErrors, webhookInput } from "./webhook-form";

describe("webhook form", () => {
  it("offers every event kind of the domain, named as payloads name them", () => {
    expect(WEBHOOK_EVENT_KINDS.map(eventKindName)).toEqual([...EVENT_TYPES]);
    // GraphQL's WebhookEventKind values (codegen's type) for the same kinds
    expect(WEBHOOK_EVENT_KINDS).toEqual(EVENT_TYPES.map(graphqlEnumName));
  });

  it("builds the mutation's input in the catalog's order, the URL trimmed", () => {
    expect(
      webhookInput({
        url: " https://hooks.example.com/sma ",
        events: ["CAMPAIGN_ENDED", "IMPRESSION_SERVED"],
        batchImpressions: true,
      }),
    ).toEqual({
      url: "https://hooks.example.com/sma",
      events: ["IMPRESSION_SERVED", "CAMPAIGN_ENDED"],
      batchImpressions: true,
    });
  });

  it("checks the input with the API's schema (registerWebhookInput) before sending", () => {
    const input = (url: string, events: string[]) => webhookInput({ url, events, batchImpressions: false });
    expect(webhookErrors(input("https://hooks.example.com/sma", ["CLICK_RECORDED"]))).toEqual({});
    expect(webhookErrors(input("not a url", []))).toEqual({
      url: "Must be an absolute URL",
      events: "At least one event kind",
    });
  });

  it("redelivers while the endpoint is active and no attempt is under way", () => {
    expect(canRedeliver("FAILED", true)).toBe(true);
    expect(canRedeliver("SUCCEEDED", true)).toBe(true);
    expect(canRedeliver("DELIVERING", true)).toBe(false);
    expect(canRedeliver("FAILED", false)).toBe(false);
  });
});
