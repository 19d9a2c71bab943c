// The consent page of the OAuth authorization-code flow (docs/decisions/1312):
// /oauth/authorize sends the browser here. A signed-out visitor signs in first
// and comes back. The signed-in user sees which application asks (its name and
// address are its own words, so the host its identity is bound to is shown
// beside them, and the whole redirect URI the code goes to: a private-use
// scheme decides which application receives it), for which advertiser, and what it may do (the scopes in plain
// words), then approves or denies. Only an admin of the advertiser approves (a
// connected app is the advertiser's credential, docs/decisions/1009); any other
// member is told so and may deny.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { getPendingAuthorization } from "@/lib/auth/oauth/grants";
import { SCOPE_DESCRIPTIONS } from "@/lib/auth/scopes";
import { currentUser } from "../../../../(dashboard)/_lib/session";
import { shellViewer } from "../../../../(dashboard)/_lib/shell";
import { approveAuthorization, denyAuthorization } from "./actions";
import { consentPathOf } from "./consent-path";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Connect an application" };

export default async function ConsentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await currentUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(consentPathOf(id))}`);
  const request = await getPendingAuthorization(id);
  if (!request) {
    return (
      <>
        <h1 className="mb-2 text-xl font-semibold text-ink">This request is no longer valid</h1>
        <p className="text-sm text-muted" data-testid="consent-expired">
          It was answered already, or it expired (a request waits 10 minutes). Connect the application again from the
          application itself.
        </p>
      </>
    );
  }
  const advertiser = (await shellViewer())?.advertiser;
  const { client } = request;
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-ink">Connect {client.name}?</h1>
      <p className="mb-4 text-sm text-muted">
        An application wants to act for <strong className="text-ink">{advertiser?.name}</strong> through the MCP server.
      </p>
      <dl className="mb-4 space-y-2 rounded-md border border-line bg-slate-50 p-3 text-sm" data-testid="consent-client">
        <div>
          <dt className="text-muted">Application</dt>
          <dd className="font-medium break-all text-ink">{client.name}</dd>
        </div>
        <div>
          <dt className="text-muted">{client.verifiedByUrl ? "Identified by" : "Registered from"}</dt>
          <dd className="break-all text-ink" data-testid="consent-host">
            {client.host} {client.verifiedByUrl ? null : <Badge>registered itself: its name is its own claim</Badge>}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Sends the approval to</dt>
          <dd className="font-mono text-xs break-all text-ink" data-testid="consent-redirect">
            {client.redirectUri}
          </dd>
        </div>
        {client.uri ? (
          <div>
            <dt className="text-muted">Says it is from</dt>
            <dd className="break-all text-ink">{client.uri}</dd>
          </div>
        ) : null}
      </dl>
      <h2 className="mb-2 text-sm font-semibold text-ink">It will be able to</h2>
      <ul className="mb-4 list-disc space-y-1 pl-5 text-sm text-ink" data-testid="consent-scopes">
        {request.scopes.map((scope) => (
          <li key={scope}>{SCOPE_DESCRIPTIONS[scope]}</li>
        ))}
      </ul>
      {user.role === "admin" ? null : (
        <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
          Only an admin of {advertiser?.name} can connect applications; your role is {user.role}. Ask an admin, or
          switch to an advertiser you manage in the dashboard&apos;s header and connect again.
        </p>
      )}
      <p className="mb-4 text-xs text-muted">
        You can disconnect it at any time on the Connected apps page; its access then stops within 30 seconds.
      </p>
      <div className="flex gap-2">
        <form action={denyAuthorization.bind(null, request.id)} className="flex-1">
          <Button type="submit" variant="secondary" className="w-full">
            Deny
          </Button>
        </form>
        {user.role === "admin" ? (
          <form action={approveAuthorization.bind(null, request.id)} className="flex-1">
            <Button type="submit" className="w-full">
              Approve
            </Button>
          </form>
        ) : null}
      </div>
    </>
  );
}
