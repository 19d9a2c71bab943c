"use client";
// Disconnects a connected app after a confirmation (revokeConnectedApp): its
// tokens stop working at once here, within 30 s on other instances.
import { graphql } from "@/graphql/__generated__/client";
import { gqlFetch } from "@/components/graphql-client";
import { ConfirmButton } from "@/components/ui/confirm-button";

const REVOKE = graphql(`
  mutation RevokeConnectedApp($input: RevokeConnectedAppInput!) {
    revokeConnectedApp(input: $input) {
      connectedApp {
        id
        revokedAt
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function RevokeConnectedAppButton({ id, name }: { id: string; name: string }) {
  return (
    <ConfirmButton
      label="Disconnect"
      ariaLabel={`Disconnect ${name}`}
      title={`Disconnect “${name}”?`}
      confirmLabel="Disconnect"
      pendingLabel="Disconnecting…"
      run={async () => (await gqlFetch(REVOKE, { input: { id } })).revokeConnectedApp}
    >
      <p className="text-sm text-muted">
        The application can no longer act for your account: its access stops now. To use it again, connect it again from
        the application.
      </p>
    </ConfirmButton>
  );
}
