// Members, invitations and the advertisers a user switches between
// (docs/decisions/1009, 1219, 1426), each running its catalog operation (access,
// role, limit and input are the operation's). switchAdvertiser also gives the
// browser a session cookie selecting the advertiser.
import { switchedSessionCookieLine } from "@/lib/auth/session";
import { changeMemberRole } from "@/lib/domain/members/change-member-role";
import { inviteMember } from "@/lib/domain/members/invite-member";
import { listInvitations } from "@/lib/domain/members/list-invitations";
import { listMembers } from "@/lib/domain/members/list-members";
import { listMemberships } from "@/lib/domain/members/list-memberships";
import { removeMember } from "@/lib/domain/members/remove-member";
import { revokeInvitation } from "@/lib/domain/members/revoke-invitation";
import { switchAdvertiser } from "@/lib/domain/members/switch-advertiser";
import { AppError } from "@/lib/errors";
import type { Resolvers } from "../__generated__/resolvers-types";
import { payload } from "../guard";
import { operationResolver, runOperation } from "../operation";

export const memberResolvers: Resolvers = {
  Query: {
    members: operationResolver(listMembers, (_, __, context) => runOperation(listMembers, context)),
    invitations: operationResolver(listInvitations, (_, __, context) => runOperation(listInvitations, context)),
  },
  Viewer: {
    // a token acts for the advertiser, not for a person: it belongs to nothing
    memberships: operationResolver(listMemberships, async (parent, _, context) => {
      if (parent.actor.via !== "session") return [];
      const memberships = await runOperation(listMemberships, context);
      return memberships.map((membership) => ({
        ...membership,
        current: membership.advertiserId === parent.actor.advertiserId,
      }));
    }),
    role: (parent) => parent.actor.role ?? null,
  },
  Mutation: {
    inviteMember: operationResolver(inviteMember, (_, { input }, context) =>
      payload(() => runOperation(inviteMember, context, input)),
    ),
    revokeInvitation: operationResolver(revokeInvitation, (_, { input }, context) =>
      payload(async () => ({ invitation: await runOperation(revokeInvitation, context, {}, { id: input.id }) })),
    ),
    changeMemberRole: operationResolver(changeMemberRole, (_, { input }, context) =>
      payload(async () => ({ member: await runOperation(changeMemberRole, context, input) })),
    ),
    removeMember: operationResolver(removeMember, (_, { input }, context) =>
      payload(async () => {
        const removed = await runOperation(removeMember, context, input);
        return {
          removedUserId: removed.userId,
          removedAt: removed.removedAt,
          revokedConnectedApps: removed.revokedConnectedApps,
          revokedInvitations: removed.revokedInvitations,
          revokedApiClients: removed.revokedApiClients,
        };
      }),
    ),
    switchAdvertiser: operationResolver(switchAdvertiser, (_, { input }, context) =>
      payload(async () => {
        const membership = await runOperation(switchAdvertiser, context, input);
        const http = context.http;
        if (http) {
          const line = await switchedSessionCookieLine(http.cookieHeader, membership.advertiserId, context.clock());
          // the session was read from this cookie a moment ago: without it there is nothing to switch
          if (!line) throw new AppError("unauthorized", { detail: "Sign in to the dashboard to switch advertisers." });
          http.setCookie(line);
        }
        return { membership: { ...membership, current: true } };
      }),
    ),
  },
};
