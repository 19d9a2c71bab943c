"use client";
// Registers a webhook endpoint (registerWebhookEndpoint). The signing secret comes
// back once: shown here with a copy button until the advertiser closes it. The
// form is react-hook-form over the API's schema (webhook-form.ts); a failed
// submit focuses the error summary.
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { useCreateForm } from "@/components/forms/use-create-form";
import { gqlFetch } from "@/components/graphql-client";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, FieldSet } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ShownOnce } from "@/components/ui/shown-once";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  WEBHOOK_DEFAULTS,
  WEBHOOK_EVENT_KINDS,
  WEBHOOK_FIELDS,
  eventKindLabel,
  eventKindName,
  webhookFormSchema,
  webhookInput,
  type WebhookInput,
  type WebhookValues,
} from "./webhook-form";

const REGISTER = graphql(`
  mutation RegisterWebhookEndpoint($input: RegisterWebhookEndpointInput!) {
    registerWebhookEndpoint(input: $input) {
      webhookEndpoint {
        id
        restId
        url
      }
      secret
      warning
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** The dispatcher's impression batches (lib/webhooks/context.ts, server-only: the page passes them). */
export type BatchLimits = { maxItems: number; windowMs: number };

export function RegisterWebhookForm({ batchLimits }: { batchLimits: BatchLimits }) {
  const { form, errors, onSubmit } = useCreateForm<WebhookValues, WebhookInput>(
    webhookFormSchema,
    WEBHOOK_DEFAULTS,
    WEBHOOK_FIELDS,
  );
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);

  const submit = onSubmit(async (checked) => {
    const { registerWebhookEndpoint: result } = await gqlFetch(REGISTER, { input: webhookInput(checked) });
    if (!result?.webhookEndpoint || !result.secret) {
      if (!errors.showUserErrors(result?.userErrors)) errors.showFormError("The endpoint was not registered.");
      return false;
    }
    setCreated({ url: result.webhookEndpoint.url, secret: result.secret });
    return true;
  });

  return (
    <div className="space-y-4">
      {created ? (
        <ShownOnce
          title={`Endpoint registered: ${created.url}`}
          note={
            <>
              Its signing secret (the HMAC-SHA256 key of <code>X-Service-Signature</code>) is shown this once only. Copy
              it now.
            </>
          }
          onDone={() => setCreated(null)}
        >
          <code
            data-testid="webhook-secret"
            className="block w-full rounded bg-white px-2 py-1 font-mono text-xs break-all"
          >
            {created.secret}
          </code>
          <CopyButton value={created.secret} label="Copy secret" />
        </ShownOnce>
      ) : null}
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Register a webhook endpoint">
        {errors.summary}
        <Field
          id="webhook-url"
          label="Endpoint URL"
          hint="HTTPS, reachable from the internet."
          error={errors.errorOf("url")}
        >
          <Input {...form.register("url")} type="url" placeholder="https://hooks.example.com/sma" autoComplete="url" />
        </Field>
        <FieldSet id="webhook-events" legend="Events" error={errors.errorOf("events")}>
          {/* one column: the kinds are long words that must not run under the next checkbox */}
          <div className="grid gap-2">
            {WEBHOOK_EVENT_KINDS.map((kind) => (
              <label key={kind} className="flex min-w-0 items-center gap-2 text-sm text-ink">
                <input
                  type="checkbox"
                  value={eventKindName(kind)}
                  className="size-4 shrink-0"
                  {...form.register("events")}
                />
                <span className="min-w-0">
                  {eventKindLabel(kind)} <code className="text-xs break-all text-muted">{eventKindName(kind)}</code>
                </span>
              </label>
            ))}
          </div>
        </FieldSet>
        <label className="flex items-start gap-2 text-sm text-ink">
          <input type="checkbox" className="mt-0.5 size-4 shrink-0" {...form.register("batch_impressions")} />
          <span>
            Batch impression.served events (up to {batchLimits.maxItems}, within {batchLimits.windowMs / 1000} seconds)
          </span>
        </label>
        <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Registering…">
          Register endpoint
        </SubmitButton>
      </form>
    </div>
  );
}
