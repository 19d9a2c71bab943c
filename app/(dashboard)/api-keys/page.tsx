// API keys (docs/decisions/1106): OAuth client-credentials clients of the
// advertiser: create one with chosen scopes (the secret shown once), list, revoke.
import type { Metadata } from "next";
import { graphql } from "@/graphql/__generated__/client";
import { PageHeader } from "@/components/shell/page-header";
import { CreateApiKeyForm } from "@/components/api-keys/create-api-key-form";
import { RevokeApiKeyButton } from "@/components/api-keys/revoke-api-key-button";
import { scopeName } from "@/components/api-keys/api-key-form";
import { formatCount, listCount } from "@/components/format";
import { Badge } from "@/components/ui/badge";
import { ListCard, ListWithForm } from "@/components/ui/list-card";
import { LocalTime } from "@/components/ui/local-time";
import { Td, Th } from "@/components/ui/table";
import { query } from "../_lib/graphql";
import { roleGate } from "../_lib/role-gate";

export const metadata: Metadata = { title: "API keys" };

const API_KEYS = graphql(`
  query ApiKeysPage {
    viewer {
      advertiser {
        active: apiClients(first: 1) {
          totalCount
        }
        apiClients(first: 100, includeRevoked: true) {
          totalCount
          nodes {
            id
            restId
            name
            scopes
            createdAt
            lastUsedAt
            revokedAt
          }
        }
      }
    }
  }
`);

export default async function ApiKeysPage() {
  const denied = await roleGate("admin", "API keys", "the API keys");
  if (denied) return denied;
  const data = await query(API_KEYS);
  const advertiser = data.viewer?.advertiser;
  const clients = advertiser?.apiClients?.nodes ?? [];
  const total = advertiser?.apiClients?.totalCount ?? 0;
  // counted by the API, not from the listed page
  const summary = `${formatCount(advertiser?.active?.totalCount ?? 0)} active, ${listCount(total, clients.length, "in all")}`;
  return (
    <>
      <PageHeader
        title="API keys"
        description="Client credentials for the REST and GraphQL APIs: exchange them at POST /api/auth/token for an access token."
      />
      <ListWithForm
        formTitle="Create an API key"
        list={
          <ListCard
            title="Keys"
            description={summary}
            empty={
              clients.length === 0
                ? { title: "No API keys yet", text: "Create a key for each program that calls the API." }
                : null
            }
            label="API keys"
            testId="api-key-table"
            head={
              <>
                <Th>Name</Th>
                <Th>Client id</Th>
                <Th>Scopes</Th>
                <Th>Last used</Th>
                <Th>Status</Th>
              </>
            }
          >
            {clients.map((client) => (
              <tr key={client.id}>
                <Td className="font-medium">{client.name}</Td>
                <Td>
                  {/* one line: an id is read and copied whole */}
                  <code className="text-xs whitespace-nowrap">{client.restId}</code>
                </Td>
                <Td className="min-w-32 text-xs">{client.scopes.map(scopeName).join(", ")}</Td>
                <Td className="whitespace-nowrap">
                  <LocalTime iso={client.lastUsedAt} />
                </Td>
                <Td className="whitespace-nowrap">
                  {client.revokedAt ? (
                    <>
                      <Badge>Revoked</Badge>
                      <span data-testid="revoked-at" className="mt-1 block text-xs text-muted">
                        <LocalTime iso={client.revokedAt} />
                      </span>
                    </>
                  ) : (
                    <RevokeApiKeyButton id={client.id} name={client.name} />
                  )}
                </Td>
              </tr>
            ))}
          </ListCard>
        }
      >
        <CreateApiKeyForm />
      </ListWithForm>
    </>
  );
}
