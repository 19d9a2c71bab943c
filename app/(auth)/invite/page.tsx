// An invitation's link (docs/decisions/1219, 1432): /invite#<token>. The page reads the
// token from the fragment and shows who invited whom to which advertiser with which role,
// then the way in: sign in (the email has an account) or create an account with the
// invitation's email. A link that no longer works says why.
import type { Metadata } from "next";
import { InvitationLink } from "@/components/auth/invitation-link";
import { joinInvitation, loadInvitation } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Invitation", referrer: "no-referrer" };

export default function InvitationPage() {
  return <InvitationLink load={loadInvitation} join={joinInvitation} />;
}
