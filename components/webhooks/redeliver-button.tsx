"use client";
// Sends one delivery again now (redeliverWebhookDelivery) and refreshes the log.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { userFieldErrors } from "@/components/form-errors";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";

const REDELIVER = graphql(`
  mutation RedeliverWebhookDelivery($input: RedeliverWebhookDeliveryInput!) {
    redeliverWebhookDelivery(input: $input) {
      delivery {
        id
        status
        attempts
        lastStatusCode
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function RedeliverButton({ id, eventId }: { id: string; eventId: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        aria-label={`Retry delivery ${eventId}`}
        disabled={pending}
        onClick={async () => {
          setPending(true);
          try {
            const { redeliverWebhookDelivery: answer } = await gqlFetch(REDELIVER, { input: { id } });
            setMessage(
              answer?.delivery
                ? `Attempt ${answer.delivery.attempts}: ${answer.delivery.status.toLowerCase()}`
                : (userFieldErrors(answer?.userErrors ?? [])._form ?? "Not sent."),
            );
            router.refresh();
          } catch (error) {
            setMessage(error instanceof Error ? error.message : String(error));
          } finally {
            setPending(false);
          }
        }}
      >
        {pending ? "Retrying…" : "Retry"}
      </Button>
      <span aria-live="polite" className="text-xs text-muted">
        {message}
      </span>
    </span>
  );
}
