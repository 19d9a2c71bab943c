"use client";
// Signs the user out of every session after a confirmation (signOutEverywhere):
// other browsers, copied cookies and this browser, which goes to the sign-in page.
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { userFieldErrors } from "@/components/form-errors";
import { gqlFetch } from "@/components/graphql-client";
import { messageOf } from "@/components/forms/use-submit";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-button";

const SIGN_OUT_EVERYWHERE = graphql(`
  mutation SignOutEverywhere {
    signOutEverywhere {
      signedOutAt
      userErrors {
        ...UserErrorFields
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
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Sign out everywhere?"
        error={error}
        keepLabel="Stay signed in"
        pending={pending}
        confirmLabel="Sign out everywhere"
        pendingLabel="Signing out…"
        onConfirm={async () => {
          // pending until the page is left: the browser goes to the sign-in page
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
            setError(messageOf(cause));
            setPending(false);
          }
        }}
      >
        <p className="text-sm text-muted">
          Every session of your account ends at once, on every browser and device, this one included. Anyone using a
          copy of a session cookie is signed out too. You can sign in again with your password.
        </p>
      </ConfirmDialog>
    </>
  );
}
