"use client";
// The invitation page's body: the link's token from its fragment (./link-token.tsx), the
// invitation it opens, and the way in (./invitation-forms.tsx).
import Link from "next/link";
import { useEffect, useState } from "react";
import type { InvitationLinkView, JoinState } from "@/app/(auth)/invite/actions";
import { InvitationSignIn, InvitationSignUp } from "./invitation-forms";
import { OpeningLink, useLinkToken } from "./link-token";

const NO_TOKEN: Extract<InvitationLinkView, { status: "unusable" }> = {
  status: "unusable",
  detail: "This invitation link is not valid. Ask the admin who invited you for a new one.",
};

type Props = {
  load: (token: string) => Promise<InvitationLinkView>;
  join: (input: { token: string; name: string; password: string }) => Promise<JoinState>;
};

export function InvitationLink({ load, join }: Props) {
  const token = useLinkToken();
  const [loaded, setLoaded] = useState<{ token: string; view: InvitationLinkView } | null>(null);
  useEffect(() => {
    if (!token) return;
    let current = true;
    void load(token).then((view) => current && setLoaded({ token, view }));
    return () => {
      current = false;
    };
  }, [token, load]);
  if (token === undefined || (token && loaded?.token !== token)) return <OpeningLink what="your invitation" />;
  const view = token && loaded ? loaded.view : NO_TOKEN;
  if (!token || view.status === "unusable") {
    return (
      <>
        <h1 className="mb-2 text-xl font-semibold text-ink">This invitation cannot be used</h1>
        <p className="mb-6 text-sm text-muted" data-testid="invitation-status">
          {view.status === "unusable" ? view.detail : NO_TOKEN.detail}
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
        <strong className="text-ink">{view.role}</strong>: {view.roleDescription}.
      </p>
      <p className="mb-6 text-xs text-muted">This link works once, until {view.expires}.</p>
      {view.accountExists ? (
        <InvitationSignIn token={token} email={view.email} />
      ) : (
        <InvitationSignUp token={token} email={view.email} action={join} />
      )}
    </>
  );
}
