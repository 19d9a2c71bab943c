"use client";
// Revokes an API client after a confirmation (revokeApiClient): no new token,
// and its tokens stop working at once.
import { graphql } from "@/graphql/__generated__/client";
import { gqlFetch } from "@/components/graphql-client";
import { ConfirmButton } from "@/components/ui/confirm-button";

const REVOKE = graphql(`
  mutation RevokeApiClient($input: RevokeApiClientInput!) {
    revokeApiClient(input: $input) {
      apiClient {
        id
        revokedAt
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function RevokeApiKeyButton({ id, name }: { id: string; name: string }) {
  return (
    <ConfirmButton
      label="Revoke"
      ariaLabel={`Revoke ${name}`}
      title={`Revoke “${name}”?`}
      confirmLabel="Revoke key"
      pendingLabel="Revoking…"
      run={async () => (await gqlFetch(REVOKE, { input: { id } })).revokeApiClient}
    >
      <p className="text-sm text-muted">
        Programs using this key can no longer get tokens, and the tokens they hold stop working at once. This cannot be
        undone.
      </p>
    </ConfirmButton>
  );
}
