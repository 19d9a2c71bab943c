"use client";
// Revokes a postback key after a confirmation (revokePostbackKey): postbacks
// carrying it are refused from then on; revoking the last active key lets
// postbacks through without any key again, which the dialog says.
import { graphql } from "@/graphql/__generated__/client";
import { gqlFetch } from "@/components/graphql-client";
import { ConfirmButton } from "@/components/ui/confirm-button";

const REVOKE = graphql(`
  mutation RevokePostbackKey($input: RevokePostbackKeyInput!) {
    revokePostbackKey(input: $input) {
      postbackKey {
        id
        revokedAt
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function RevokePostbackKeyButton({ id, restId, last }: { id: string; restId: string; last: boolean }) {
  return (
    <ConfirmButton
      label="Revoke"
      ariaLabel={`Revoke ${restId}`}
      title={`Revoke ${restId}?`}
      confirmLabel="Revoke key"
      pendingLabel="Revoking…"
      run={async () => (await gqlFetch(REVOKE, { input: { id } })).revokePostbackKey}
    >
      <p className="text-sm text-muted">
        Postbacks carrying this key are refused from now on (401), so move the partners that use it to another key
        first. This cannot be undone.
      </p>
      {last ? (
        <p className="mt-2 text-sm text-amber-900">
          It is your last active key: once it is revoked, postbacks need no key again, and anyone holding a click id can
          report a conversion for it.
        </p>
      ) : null}
    </ConfirmButton>
  );
}
