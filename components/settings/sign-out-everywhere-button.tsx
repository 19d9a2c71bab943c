"use client";
// Signs the user out of every session after a confirmation (signOutEverywhere):
// other browsers, copied cookies and this browser, which goes to the sign-in page.
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { userFieldErrors } from "@/components/form-errors";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/states";

const SIGN_OUT_EVERYWHERE = graphql(`
  mutation SignOutEverywhere {
    signOutEverywhere {
      signedOutAt
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export function SignOutEverywhereButton() {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Sign out everywhere
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Sign out everywhere?">
        <p className="text-sm text-muted">
          Every session of your account ends at once, on every browser and device, this one included. Anyone using a
          copy of a session cookie is signed out too. You can sign in again with your password.
        </p>
        <FormError className="mt-2">{error}</FormError>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Stay signed in
          </Button>
          <Button
            variant="danger"
            disabled={pending}
            onClick={async () => {
              setPending(true);
              try {
                const { signOutEverywhere: answer } = await gqlFetch(SIGN_OUT_EVERYWHERE);
                if (!answer?.signedOutAt) {
                  setError(userFieldErrors(answer?.userErrors ?? [])._form ?? "The sessions could not be ended.");
                  setPending(false);
                  return;
                }
                // a full load: nothing of the ended session stays in the client router cache
                // eslint-disable-next-line @next/next/no-location-assign-relative-destination
                window.location.assign("/signin");
              } catch (cause) {
                setError(cause instanceof Error ? cause.message : String(cause));
                setPending(false);
              }
            }}
          >
            {pending ? "Signing out…" : "Sign out everywhere"}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
