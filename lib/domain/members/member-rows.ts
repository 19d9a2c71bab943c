// What the members area shares: invitation rows as admins see them, the status an
// invitation is in at a time, and the hash its link's token is found by.
import { isRole, type Role } from "@/lib/auth/roles";
import { hashSecret } from "@/lib/auth/secrets";
import { AppError } from "@/lib/errors";
import type { Invitation, InvitationStatus } from "./members.schemas";
import { TOKEN_MAX } from "./members.schemas";

export const invitationSelect = {
  id: true,
  email: true,
  role: true,
  createdAt: true,
  expiresAt: true,
  acceptedAt: true,
  revokedAt: true,
  invitedBy: { select: { name: true, email: true } },
} as const;

type InvitationRow = {
  id: string;
  email: string;
  role: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
  invitedBy: { name: string; email: string } | null;
};

export function invitationStatus(
  row: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date,
): InvitationStatus {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return row.expiresAt.getTime() <= now.getTime() ? "expired" : "pending";
}

/** A stored role; a row holding anything else is a fault, not the caller's. */
export function storedRole(value: string): Role {
  if (!isRole(value)) throw new Error(`unknown role in the database: ${value}`);
  return value;
}

export function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: storedRole(row.role),
    invitedBy: row.invitedBy,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    acceptedAt: row.acceptedAt,
    revokedAt: row.revokedAt,
    status: invitationStatus(row, now),
  };
}

/** The hash a link's token is stored under; null for a string no token could be (too long). */
export function tokenHashOf(token: string): string | null {
  return token.length === 0 || token.length > TOKEN_MAX ? null : hashSecret(token);
}

/** The one refusal for a member id that is not a member of the caller's advertiser (whoever it names). */
export function memberNotFound(): AppError {
  return new AppError("not_found", { detail: "No member of this advertiser with this user id." });
}
