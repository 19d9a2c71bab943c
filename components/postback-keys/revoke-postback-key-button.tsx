"use client";
// Revokes a postback key after a confirmation (revokePostbackKey): postbacks
// carrying it are refused from then on; revoking the last active key lets
// postbacks through without any key again, which the dialog says.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { userFieldErrors } from "@/components/form-errors";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/states";

const REVOKE = graphql(`
  mutation RevokePostbackKey($input: RevokePostbackKeyInput!) {
    revokePostbackKey(input: $input) {
      postbackKey {
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

export function RevokePostbackKeyButton({ id, restId, last }: { id: string; restId: string; last: boolean }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)} aria-label={`Revoke ${restId}`}>
        Revoke
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Revoke ${restId}?`}>
        <p className="text-sm text-muted">
          Postbacks carrying this key are refused from now on (401), so move the partners that use it to another key
          first. This cannot be undone.
        </p>
        {last ? (
          <p className="mt-2 text-sm text-amber-900">
            It is your last active key: once it is revoked, postbacks need no key again, and anyone holding a click id
            can report a conversion for it.
          </p>
        ) : null}
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
                const { revokePostbackKey: answer } = await gqlFetch(REVOKE, { input: { id } });
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
