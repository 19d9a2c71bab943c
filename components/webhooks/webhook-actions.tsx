"use client";
// An endpoint's actions: send a signed test event now (testWebhookEndpoint), a sample of the
// subscribed event kind chosen (conversion.recorded first when it is one), and show what the
// endpoint answered; deactivate it after a confirmation.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { userFieldErrors } from "@/components/form-errors";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Select } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { WebhookEventKind } from "@/graphql/__generated__/client/graphql";
import { answerText, eventKindLabel, eventKindName } from "./webhook-form";

const TEST = graphql(`
  mutation TestWebhookEndpoint($input: TestWebhookEndpointInput!) {
    testWebhookEndpoint(input: $input) {
      result {
        success
        statusCode
        durationMs
        message
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

const DEACTIVATE = graphql(`
  mutation DeactivateWebhookEndpoint($input: DeactivateWebhookEndpointInput!) {
    deactivateWebhookEndpoint(input: $input) {
      webhookEndpoint {
        id
        isActive
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

type Outcome = { ok: boolean; text: string };

/** The kind a test sends first: conversion.recorded (the API's default) when subscribed, else the first kind. */
function firstTestKind(events: readonly WebhookEventKind[]): WebhookEventKind | null {
  return events.includes("CONVERSION_RECORDED") ? "CONVERSION_RECORDED" : (events[0] ?? null);
}

export function WebhookActions({
  id,
  url,
  isActive,
  events,
}: {
  id: string;
  url: string;
  isActive: boolean;
  /** the endpoint's subscribed kinds, as GraphQL names them */
  events: readonly WebhookEventKind[];
}) {
  const router = useRouter();
  const [eventType, setEventType] = useState<WebhookEventKind | null>(firstTestKind(events));
  const selectId = `test-event-${id}`;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState<"test" | "deactivate" | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function sendTest() {
    setPending("test");
    try {
      const { testWebhookEndpoint: answer } = await gqlFetch(TEST, { input: { id, eventType } });
      const result = answer?.result;
      setOutcome(
        result
          ? {
              ok: result.success,
              // the endpoint's answer once: the message repeats the status and the time it took
              text: `${result.success ? "Delivered" : "Failed"}: ${answerText(
                result.statusCode,
                result.success
                  ? null
                  : result.message.replace(/^Test event \S+ \(\S+\) not accepted: /, "").replace(/\.$/, ""),
              )} in ${result.durationMs} ms.`,
            }
          : {
              ok: false,
              text: Object.values(userFieldErrors(answer?.userErrors ?? []))[0] ?? "The test event was not sent.",
            },
      );
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(null);
    }
  }

  async function deactivate() {
    setPending("deactivate");
    try {
      const { deactivateWebhookEndpoint: answer } = await gqlFetch(DEACTIVATE, { input: { id } });
      const errors = userFieldErrors(answer?.userErrors ?? []);
      setOutcome(errors._form ? { ok: false, text: errors._form } : { ok: true, text: "Endpoint deactivated." });
      setConfirming(false);
      router.refresh();
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="space-y-2">
      <div className="space-y-1.5">
        <Label htmlFor={selectId}>Test event</Label>
        <Select
          id={selectId}
          value={eventType ?? ""}
          onChange={(event) => setEventType(event.target.value as WebhookEventKind)}
          disabled={!isActive || pending !== null}
        >
          {events.map((kind) => (
            <option key={kind} value={kind}>
              {eventKindLabel(kind)} ({eventKindName(kind)})
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={sendTest} disabled={!isActive || pending !== null}>
          {pending === "test" ? "Sending…" : "Send test event"}
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)} disabled={!isActive || pending !== null}>
          Deactivate
        </Button>
      </div>
      <p
        aria-live="polite"
        className={outcome?.ok ? "text-sm text-ok" : "text-sm text-danger"}
        data-testid="webhook-outcome"
      >
        {outcome?.text}
      </p>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Deactivate this endpoint?">
        <p className="text-sm text-muted">
          Nothing more is sent to <code className="break-all">{url}</code>, and pending deliveries are cancelled. This
          cannot be undone; register the URL again to receive events.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button variant="danger" onClick={deactivate} disabled={pending !== null}>
            {pending === "deactivate" ? "Deactivating…" : "Deactivate endpoint"}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
