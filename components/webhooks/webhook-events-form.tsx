"use client";
// An endpoint's Events form (updateWebhookEndpoint, docs/decisions/1242): the kinds it receives,
// ticked, in words with their identifiers, checked by the API's own schema (webhook-form.ts)
// before sending; a success says so and the page's data refresh, a refusal goes to the error
// summary. Shown to editors and admins of an active endpoint only (the page decides).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { graphql } from "@/graphql/__generated__/client";
import type { WebhookEventKind } from "@/graphql/__generated__/client/graphql";
import { apiResolver } from "@/components/forms/api-resolver";
import { useErrorSummary } from "@/components/forms/use-error-summary";
import { messageOf } from "@/components/forms/use-submit";
import { gqlFetch } from "@/components/graphql-client";
import { FieldSet } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  WEBHOOK_EVENT_KINDS,
  WEBHOOK_EVENTS_FIELDS,
  eventKindKey,
  eventKindLabel,
  eventKindName,
  webhookEventsFormSchema,
  type WebhookEventsValues,
} from "./webhook-form";

const UPDATE = graphql(`
  mutation UpdateWebhookEndpoint($input: UpdateWebhookEndpointInput!) {
    updateWebhookEndpoint(input: $input) {
      webhookEndpoint {
        id
        events
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

type Checked = z.output<typeof webhookEventsFormSchema>;

export function WebhookEventsForm({ id, events }: { id: string; events: readonly WebhookEventKind[] }) {
  const router = useRouter();
  const form = useForm<WebhookEventsValues, unknown, Checked>({
    resolver: apiResolver<Checked, WebhookEventsValues>(webhookEventsFormSchema),
    defaultValues: { events: events.map(eventKindName) },
    shouldFocusError: false,
  });
  const errors = useErrorSummary(form, WEBHOOK_EVENTS_FIELDS);
  const [saved, setSaved] = useState<string | null>(null);

  const submit = form.handleSubmit(async (checked) => {
    setSaved(null);
    try {
      const { updateWebhookEndpoint: answer } = await gqlFetch(UPDATE, {
        input: { id, events: checked.events.map(eventKindKey) },
      });
      const endpoint = answer?.webhookEndpoint;
      if (!endpoint) {
        if (!errors.showUserErrors(answer?.userErrors)) errors.showFormError("The events were not changed.");
        return;
      }
      const now = endpoint.events.map(eventKindName);
      form.reset({ events: now });
      setSaved(`Events saved: this endpoint now receives ${now.length} ${now.length === 1 ? "kind" : "kinds"}.`);
      router.refresh();
    } catch (error) {
      errors.showFormError(messageOf(error));
    }
  }, errors.onInvalid);

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Change the endpoint's events">
      {errors.summary}
      <FieldSet id="endpoint-events-edit" legend="Events it receives" error={errors.errorOf("events")}>
        <div className="grid gap-2">
          {WEBHOOK_EVENT_KINDS.map((kind) => (
            <label key={kind} className="flex min-w-0 items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                value={eventKindName(kind)}
                className="size-4 shrink-0"
                {...form.register("events", { onChange: () => setSaved(null) })}
              />
              <span className="min-w-0">
                {eventKindLabel(kind)} <code className="text-xs break-all text-muted">{eventKindName(kind)}</code>
              </span>
            </label>
          ))}
        </div>
      </FieldSet>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Saving…">
          Save events
        </SubmitButton>
        <p aria-live="polite" className="text-sm text-ok" data-testid="webhook-events-outcome">
          {saved}
        </p>
      </div>
    </form>
  );
}
