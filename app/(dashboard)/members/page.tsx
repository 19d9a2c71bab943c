// Members of the advertiser (docs/decisions/1009, 1219): who belongs with which
// role, invitations (a single-use link valid 7 days, emailed when email is
// configured, always shown once to the admin), pending ones revocable. Admins only.
import type { Metadata } from "next";
import { graphql } from "@/graphql/__generated__/client";
import { InviteMemberForm } from "@/components/members/invite-member-form";
import { MemberActions, RevokeInvitationButton } from "@/components/members/member-actions";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { EmptyState } from "@/components/ui/states";
import { Table, Td, Th } from "@/components/ui/table";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { emailConfigured } from "@/lib/email/mailer";
import { query } from "../_lib/graphql";
import { roleGate } from "../_lib/role-gate";
import { roleOfGraphql } from "../_lib/shell";

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
  const pending = data.invitations.filter((invitation) => invitation.status === "PENDING");
  return (
    <>
      <PageHeader
        title="Members"
        description="Viewers read campaigns and reports; editors also change campaigns, variants and webhooks; admins also manage members, API keys, postback keys and connected apps."
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <Card>
            <CardHeader title="Members" description={`${data.members.length} in all`} />
            <Table aria-label="Members" data-testid="member-table">
              <thead>
                <tr>
                  <Th>Name</Th>
                  <Th>Email</Th>
                  <Th>Joined</Th>
                  <Th>Role</Th>
                </tr>
              </thead>
              <tbody>
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
              </tbody>
            </Table>
          </Card>
          <Card>
            <CardHeader
              title="Pending invitations"
              description="A link works once, for 7 days. Revoking one stops its link at once."
            />
            {pending.length === 0 ? (
              <EmptyState title="No pending invitations" />
            ) : (
              <Table aria-label="Pending invitations" data-testid="invitation-table">
                <thead>
                  <tr>
                    <Th>Email</Th>
                    <Th>Role</Th>
                    <Th>Expires</Th>
                    <Th>
                      <span className="sr-only">Actions</span>
                    </Th>
                  </tr>
                </thead>
                <tbody>
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
                </tbody>
              </Table>
            )}
          </Card>
        </div>
        <Card>
          <CardHeader title="Invite a member" />
          <CardBody className="space-y-4">
            {emailConfigured() ? null : (
              <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
                This server sends no email (SMTP_URL is not set): you get each invitation&apos;s link to pass on
                yourself.
              </p>
            )}
            <InviteMemberForm />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
