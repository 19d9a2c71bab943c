import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "@/lib/webhooks/events";
import { userErrorsByField } from "../user-errors";
import { WEBHOOK_EVENT_KINDS, canRedeliver, eventKindName, registerWebhookInput } from "./webhook-form";

describe("webhook form", () => {
  it("offers every event kind of the domain, named as payloads name them", () => {
    expect(WEBHOOK_EVENT_KINDS.map(eventKindName).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it("builds the mutation's input in the catalog's order, the URL trimmed", () => {
    expect(
      registerWebhookInput({
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

  it("redelivers while the endpoint is active and no attempt is under way", () => {
    expect(canRedeliver("FAILED", true)).toBe(true);
    expect(canRedeliver("SUCCEEDED", true)).toBe(true);
    expect(canRedeliver("DELIVERING", true)).toBe(false);
    expect(canRedeliver("FAILED", false)).toBe(false);
  });

  it("puts userErrors next to their fields, whole-input errors on the form", () => {
    expect(
      userErrorsByField([
        { field: ["input", "url"], code: "VALIDATION_FAILED", message: "must be an absolute URL" },
        { field: ["input", "url"], code: "VALIDATION_FAILED", message: "second" },
        { field: ["input", "events", "0"], code: "VALIDATION_FAILED", message: "unknown kind" },
        { field: null, code: "CONFLICT", message: "at most 20 active endpoints" },
      ]),
    ).toEqual({ url: "must be an absolute URL", events: "unknown kind", form: "at most 20 active endpoints" });
  });
});
