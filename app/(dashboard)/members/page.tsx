// Members of the advertiser (docs/decisions/1009, 1219): who belongs with which
// role, invitations (a single-use link valid 7 days, emailed when email is
// configured, always shown once to the admin), pending ones revocable. Admins only.
import type { Metadata } from "next";
import { graphql } from "@/graphql/__generated__/client";
import { InviteMemberForm } from "@/components/members/invite-member-form";
import { MemberActions, RevokeInvitationButton } from "@/components/members/member-actions";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { ListCard, ListWithForm } from "@/components/ui/list-card";
import { LocalTime } from "@/components/ui/local-time";
import { Td, Th } from "@/components/ui/table";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { emailConfigured } from "@/lib/email/mailer";
import { query } from "../_lib/graphql";
import { roleGate } from "../_lib/role-gate";
import { roleOfGraphql } from "../_lib/shell";
import { Button } from "@/components/ui/button";
import { getTwoFactorStatus } from "@/lib/domain/two-factor/two-factor";
import { runAction } from "@/lib/http/server-action";
import { requireTwoFactor } from "./actions";

export const metadata: Metadata = { title: "Members" };

const MEMBERS = graphql(`
  query MembersPage {
    members {
      userId
      email
      name
      role
      joinedAt
    }
    invitations {
      id
      email
      role
      status
      createdAt
      expiresAt
      invitedBy {
        name
      }
    }
  }
`);

export default async function MembersPage() {
  const denied = await roleGate("admin", "Members", "the members");
  if (denied) return denied;
  const data = await query(MEMBERS);
  const twoFactor = await runAction(getTwoFactorStatus, {});
  const pending = data.invitations.filter((invitation) => invitation.status === "PENDING");
  return (
    <>
      <PageHeader
        title="Members"
        description="Viewers read campaigns and reports; editors also change campaigns, variants and webhooks; admins also manage members, API keys, postback keys and connected apps."
      />
      <ListWithForm
        formTitle="Invite a member"
        list={
          <div className="space-y-6">
            <ListCard
              title="Members"
              description={`${data.members.length} in all`}
              empty={null}
              label="Members"
              testId="member-table"
              head={
                <>
                  <Th>Name</Th>
                  <Th>Email</Th>
                  <Th>Joined</Th>
                  <Th>Role</Th>
                </>
              }
            >
              {data.members.map((member) => (
                <tr key={member.userId} data-testid={`member-${member.email}`}>
                  <Td className="font-medium">{member.name}</Td>
                  <Td>{member.email}</Td>
                  <Td>
                    <LocalTime iso={member.joinedAt} />
                  </Td>
                  <Td>
                    <MemberActions
                      userId={member.userId}
                      name={member.name}
                      role={roleOfGraphql(member.role) ?? "viewer"}
                    />
                  </Td>
                </tr>
              ))}
            </ListCard>
            <ListCard
              title="Pending invitations"
              description="A link works once, for 7 days. Revoking one stops its link at once."
              empty={pending.length === 0 ? { title: "No pending invitations" } : null}
              label="Pending invitations"
              testId="invitation-table"
              head={
                <>
                  <Th>Email</Th>
                  <Th>Role</Th>
                  <Th>Expires</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </>
              }
            >
              {pending.map((invitation) => (
                <tr key={invitation.id} data-testid={`invitation-${invitation.email}`}>
                  <Td>{invitation.email}</Td>
                  <Td>
                    <Badge>{ROLE_LABELS[roleOfGraphql(invitation.role) ?? "viewer"]}</Badge>
                  </Td>
                  <Td>
                    <LocalTime iso={invitation.expiresAt} />
                  </Td>
                  <Td>
                    <RevokeInvitationButton id={invitation.id} email={invitation.email} />
                  </Td>
                </tr>
              ))}
            </ListCard>
            <form
              action={requireTwoFactor.bind(null, !twoFactor.advertiserRequires)}
              data-testid="two-factor-requirement"
            >
              <p className="mb-2 text-sm text-ink">
                {twoFactor.advertiserRequires
                  ? "Two-factor sign-in is required of every member: one who has not set it up must do so before anything else."
                  : "Two-factor sign-in is optional for members."}
              </p>
              <Button type="submit" variant="secondary">
                {twoFactor.advertiserRequires ? "Stop requiring two-factor sign-in" : "Require two-factor sign-in"}
              </Button>
            </form>
          </div>
        }
      >
        {emailConfigured() ? null : (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
            This server sends no email (SMTP_URL is not set): you get each invitation&apos;s link to pass on yourself.
          </p>
        )}
        <InviteMemberForm />
      </ListWithForm>
    </>
  );
}
