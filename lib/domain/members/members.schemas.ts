// The members of an advertiser and their invitations (docs/decisions/1009, 1219,
// 1426): who belongs with which role, who is invited, and the advertisers a user
// switches between. The forms check these schemas as the API does.
import { z } from "zod";
import { ROLES, type Role } from "@/lib/auth/roles";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from "@/lib/domain/advertisers/advertisers.schemas";
import { USER_NAME_MAX } from "@/lib/domain/users/users.schemas";

/** An invitation's link works this long. */
export const INVITATION_TTL_DAYS = 7;
/** Pending invitations an advertiser may hold at once (each may have sent an email). */
export const PENDING_INVITATIONS_MAX = 50;
/** Ids and tokens are far shorter; anything longer names nothing. */
const ID_MAX = 100;
export const TOKEN_MAX = 200;

export const emailField = z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email());
const role = z.enum(ROLES);
const id = z.string().min(1, "required").max(ID_MAX);

export const listMembersInput = z.strictObject({});
export const listInvitationsInput = z.strictObject({});
export const listMembershipsInput = z.strictObject({});

export const inviteMemberInput = z.strictObject({ email: emailField, role });
export type InviteMemberInput = z.input<typeof inviteMemberInput>;

export const revokeInvitationInput = z.strictObject({ id });
export const changeMemberRoleInput = z.strictObject({ user_id: id, role });
export const removeMemberInput = z.strictObject({
  user_id: id,
  /** keep the API keys the member created (they may run an integration); their connected apps and invitations go anyway */
  keep_api_clients: z.boolean().optional(),
});
export const switchAdvertiserInput = z.strictObject({ advertiser_id: id });

/** A new account made through an invitation: the email is the invitation's. */
export const joinWithSignUpInput = z.strictObject({
  token: z.string().min(1).max(TOKEN_MAX),
  name: z.string().trim().min(1, "required").max(USER_NAME_MAX),
  password: z.string().min(PASSWORD_MIN, `at least ${PASSWORD_MIN} characters`).max(PASSWORD_MAX),
});
export type JoinWithSignUpInput = z.input<typeof joinWithSignUpInput>;

/** A member of the advertiser. */
export type Member = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  joinedAt: Date;
};

export type InvitationStatus = "pending" | "accepted" | "revoked" | "expired";

/** An invitation, as admins see it (never its token: only its hash is kept). */
export type Invitation = {
  id: string;
  email: string;
  role: Role;
  invitedBy: { name: string; email: string } | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
  status: InvitationStatus;
};

/** A new invitation with its link, shown this once, and whether it was emailed. */
export type CreatedInvitation = {
  invitation: Invitation;
  url: string;
  emailed: boolean;
  /** why it was not emailed: email is not configured, or the SMTP server failed */
  emailProblem: "not_configured" | "send_failed" | null;
};

/** An advertiser the signed-in user belongs to. */
export type Membership = {
  advertiserId: string;
  advertiserName: string;
  role: Role;
  joinedAt: Date;
};
