"use client";
// Registers a webhook endpoint (registerWebhookEndpoint). The signing secret comes
// back once: shown here with a copy button until the advertiser closes it.
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { userFieldErrors } from "@/components/form-errors";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, FieldSet } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";
import { WEBHOOK_EVENT_KINDS, eventKindName, webhookErrors, webhookInput } from "./webhook-form";

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
        field
        code
        message
      }
    }
  }
`);

/** The dispatcher's impression batches (lib/webhooks/context.ts, server-only: the page passes them). */
export type BatchLimits = { maxItems: number; windowMs: number };

export function RegisterWebhookForm({ batchLimits }: { batchLimits: BatchLimits }) {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = webhookInput({
      url: String(form.get("url") ?? ""),
      events: form.getAll("events").map(String),
      batchImpressions: form.get("batchImpressions") === "on",
    });
    const invalid = webhookErrors(input);
    if (Object.keys(invalid).length) {
      setErrors(invalid);
      return;
    }
    setPending(true);
    try {
      const { registerWebhookEndpoint: result } = await gqlFetch(REGISTER, { input });
      if (!result?.webhookEndpoint || !result.secret) {
        setErrors(userFieldErrors(result?.userErrors ?? []));
        return;
      }
      setErrors({});
      setCreated({ url: result.webhookEndpoint.url, secret: result.secret });
      (event.target as HTMLFormElement).reset();
      router.refresh();
    } catch (error) {
      setErrors({ _form: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-4">
      {created ? (
        <div role="status" className="space-y-2 rounded-md border border-emerald-300 bg-emerald-50 p-4 text-sm">
          <p className="font-semibold text-emerald-900">Endpoint registered: {created.url}</p>
          <p className="text-emerald-900">
            Its signing secret (the HMAC-SHA256 key of <code>X-Service-Signature</code>) is shown this once only. Copy
            it now.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="webhook-secret" className="rounded bg-white px-2 py-1 font-mono text-xs break-all">
              {created.secret}
            </code>
            <CopyButton value={created.secret} label="Copy secret" />
            <Button variant="ghost" onClick={() => setCreated(null)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Register a webhook endpoint">
        <Field id="webhook-url" label="Endpoint URL" hint="HTTPS, reachable from the internet." error={errors.url}>
          <Input name="url" type="url" required placeholder="https://hooks.example.com/sma" autoComplete="url" />
        </Field>
        <FieldSet id="webhook-events" legend="Events" error={errors.events}>
          <div className="grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENT_KINDS.map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm text-ink">
                <input type="checkbox" name="events" value={kind} className="size-4" />
                <code>{eventKindName(kind)}</code>
              </label>
            ))}
          </div>
        </FieldSet>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" name="batchImpressions" className="size-4" />
          Batch impression.served events (up to {batchLimits.maxItems}, within {batchLimits.windowMs / 1000} seconds)
        </label>
        <FormError>{errors._form}</FormError>
        <Button type="submit" disabled={pending}>
          {pending ? "Registering…" : "Register endpoint"}
        </Button>
      </form>
    </div>
  );
}
