// An invitation's link (docs/decisions/1219): who invited whom to which advertiser
// with which role, then the way in: sign in (the email has an account) or create
// an account with the invitation's email. A link that no longer works says why.
import type { Metadata } from "next";
import Link from "next/link";
import { InvitationSignIn, InvitationSignUp } from "@/components/auth/invitation-forms";
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "@/lib/auth/roles";
import { invitationByToken, invitationUnusable } from "@/lib/domain/members/accept-invitation";
import { joinInvitation } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Invitation", referrer: "no-referrer" };

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await invitationByToken(token);
  if (view.status !== "pending") {
    return (
      <>
        <h1 className="mb-2 text-xl font-semibold text-ink">This invitation cannot be used</h1>
        <p className="mb-6 text-sm text-muted" data-testid="invitation-status">
          {invitationUnusable(view.status).detail}
        </p>
        <Link className="text-sm font-medium text-brand underline" href="/signin">
          Sign in
        </Link>
      </>
    );
  }
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-ink">Join {view.advertiserName}</h1>
      <p className="mb-2 text-sm text-muted">
        {view.invitedBy ?? "An admin"} invited <strong className="text-ink">{view.email}</strong> as{" "}
        <strong className="text-ink">{ROLE_LABELS[view.role]}</strong>: {ROLE_DESCRIPTIONS[view.role].toLowerCase()}.
      </p>
      <p className="mb-6 text-xs text-muted">
        This link works once, until {view.expiresAt.toUTCString().replace("GMT", "UTC")}.
      </p>
      {view.accountExists ? (
        <InvitationSignIn token={token} email={view.email} />
      ) : (
        <InvitationSignUp token={token} email={view.email} action={joinInvitation} />
      )}
    </>
  );
}
