// Connected apps (docs/decisions/1312): the applications (MCP clients) users of
// the advertiser approved on the consent page, with what each may do, who
// approved it, when, and when it last used its access; disconnect ends it.
import type { Metadata } from "next";
import { graphql } from "@/graphql/__generated__/client";
import { scopeName } from "@/components/api-keys/api-key-form";
import { RevokeConnectedAppButton } from "@/components/connected-apps/revoke-connected-app-button";
import { PageHeader } from "@/components/shell/page-header";
import { ListCard } from "@/components/ui/list-card";
import { LocalTime } from "@/components/ui/local-time";
import { Td, Th } from "@/components/ui/table";
import { query } from "../_lib/graphql";
import { roleGate } from "../_lib/role-gate";

export const metadata: Metadata = { title: "Connected apps" };

const CONNECTED_APPS = graphql(`
  query ConnectedAppsPage {
    connectedApps {
      id
      name
      clientId
      clientHost
      uri
      scopes
      approvedBy {
        email
      }
      createdAt
      lastUsedAt
    }
  }
`);

export default async function ConnectedAppsPage() {
  const denied = await roleGate("admin", "Connected apps", "the connected apps");
  if (denied) return denied;
  const { connectedApps: apps } = await query(CONNECTED_APPS);
  return (
    <>
      <PageHeader
        title="Connected apps"
        description="Applications you connected to the MCP server by its URL (Claude, ChatGPT, Cursor, buying agents). Each acts for your account with the access you approved."
      />
      <ListCard
        title="Apps"
        description={`${apps.length} connected`}
        empty={
          apps.length === 0
            ? {
                title: "No connected apps",
                text: "Add this service's MCP server URL to an MCP client and approve it: it appears here.",
              }
            : null
        }
        label="Connected apps"
        testId="connected-app-table"
        head={
          <>
            <Th>Application</Th>
            <Th>Access</Th>
            <Th>Approved</Th>
            <Th>Last used</Th>
            <Th>
              <span className="sr-only">Disconnect</span>
            </Th>
          </>
        }
      >
        {apps.map((app) => (
          <tr key={app.id}>
            <Td>
              <div className="font-medium">{app.name}</div>
              <div className="text-xs break-all text-muted">
                {app.clientHost ?? "registered itself"}
                {app.uri ? ` · says it is ${app.uri}` : ""}
              </div>
            </Td>
            <Td className="text-xs">{app.scopes.map(scopeName).join(", ")}</Td>
            <Td className="text-xs whitespace-nowrap">
              <LocalTime iso={app.createdAt} />
              <div className="text-muted">by {app.approvedBy.email}</div>
            </Td>
            <Td className="whitespace-nowrap">
              <LocalTime iso={app.lastUsedAt} />
            </Td>
            <Td>
              <RevokeConnectedAppButton id={app.id} name={app.name} />
            </Td>
          </tr>
        ))}
      </ListCard>
    </>
  );
}
