"use server";
// The invitation page's server actions, given the link's token in their POST body: what the
// invitation is (who invited whom to which advertiser with which role, or why the link no
// longer works), and its sign-up (the joinBySignUp operation,
// lib/domain/members/accept-invitation.ts): a new account with the invitation's email
// joins its advertiser; the browser then signs in with the password chosen.
import { capitalize } from "@/components/form-errors";
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "@/lib/auth/roles";
import { invitationByToken, invitationUnusable, joinBySignUp } from "@/lib/domain/members/accept-invitation";
import { toAppError } from "@/lib/errors";
import { runAction } from "@/lib/http/server-action";
import { logger } from "@/lib/log";

export type InvitationLinkView =
  | {
      status: "pending";
      email: string;
      role: string;
      roleDescription: string;
      advertiserName: string;
      invitedBy: string | null;
      /** when the link stops working, in words (UTC) */
      expires: string;
      accountExists: boolean;
    }
  | { status: "unusable"; detail: string };

export async function loadInvitation(token: string): Promise<InvitationLinkView> {
  const view = await invitationByToken(typeof token === "string" ? token : "");
  if (view.status !== "pending") return { status: "unusable", detail: invitationUnusable(view.status).detail };
  return {
    status: "pending",
    email: view.email,
    role: ROLE_LABELS[view.role],
    roleDescription: ROLE_DESCRIPTIONS[view.role].toLowerCase(),
    advertiserName: view.advertiserName,
    invitedBy: view.invitedBy,
    expires: view.expiresAt.toUTCString().replace("GMT", "UTC"),
    accountExists: view.accountExists,
  };
}

export type JoinState = {
  ok: boolean;
  email?: string;
  fieldErrors: Partial<Record<"name" | "password", string>>;
  formError?: string;
};

export async function joinInvitation(input: { token: string; name: string; password: string }): Promise<JoinState> {
  try {
    const joined = await runAction(joinBySignUp, { token: input?.token, name: input?.name, password: input?.password });
    return { ok: true, email: joined.email, fieldErrors: {} };
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === "internal_error") {
      logger().error({ err: error }, "joining through an invitation failed");
      return { ok: false, fieldErrors: {}, formError: "Something went wrong. Try again." };
    }
    const fieldErrors: JoinState["fieldErrors"] = {};
    for (const entry of appError.fieldErrors ?? []) {
      const field = String(entry.path).split(".")[0];
      if (field === "name" || field === "password") fieldErrors[field] ??= capitalize(entry.message);
    }
    return { ok: false, fieldErrors, formError: Object.keys(fieldErrors).length ? undefined : appError.detail };
  }
}
