"use client";
// Disconnects a connected app after a confirmation (revokeConnectedApp): its
// tokens stop working at once here, within 30 s on other instances.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { userFieldErrors } from "@/components/form-errors";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/states";

const REVOKE = graphql(`
  mutation RevokeConnectedApp($input: RevokeConnectedAppInput!) {
    revokeConnectedApp(input: $input) {
      connectedApp {
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

export function RevokeConnectedAppButton({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)} aria-label={`Disconnect ${name}`}>
        Disconnect
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Disconnect “${name}”?`}>
        <p className="text-sm text-muted">
          The application can no longer act for your account: its access stops now. To use it again, connect it again
          from the application.
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
                const { revokeConnectedApp: answer } = await gqlFetch(REVOKE, { input: { id } });
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
            {pending ? "Disconnecting…" : "Disconnect"}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
