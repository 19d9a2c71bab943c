"use client";
// Revokes an API client after a confirmation (revokeApiClient): no new token,
// and its tokens stop working at once.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { userFieldErrors } from "@/components/form-errors";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/states";

const REVOKE = graphql(`
  mutation RevokeApiClient($input: RevokeApiClientInput!) {
    revokeApiClient(input: $input) {
      apiClient {
        id
        revokedAt
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export function RevokeApiKeyButton({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)} aria-label={`Revoke ${name}`}>
        Revoke
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Revoke “${name}”?`}>
        <p className="text-sm text-muted">
          Programs using this key can no longer get tokens, and the tokens they hold stop working at once. This cannot
          be undone.
        </p>
        <FormError className="mt-2">{error}</FormError>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Keep it
          </Button>
          <Button
            variant="danger"
            disabled={pending}
            onClick={async () => {
              setPending(true);
              try {
                const { revokeApiClient: answer } = await gqlFetch(REVOKE, { input: { id } });
                const errors = userFieldErrors(answer?.userErrors ?? []);
                if (errors._form) {
                  setError(errors._form);
                  return;
                }
                setOpen(false);
                router.refresh();
              } catch (cause) {
                setError(cause instanceof Error ? cause.message : String(cause));
              } finally {
                setPending(false);
              }
            }}
          >
            {pending ? "Revoking…" : "Revoke key"}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
