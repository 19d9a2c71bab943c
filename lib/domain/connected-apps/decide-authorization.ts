// The consent page's answer (docs/decisions/1312): the signed-in user approves or
// denies an application's authorization request; either way, where the browser
// goes back to the application (a code, or access_denied; state and iss).
import { z } from "zod";
import { decideAuthorization } from "@/lib/auth/oauth/grants";
import { requireSessionUser } from "@/lib/domain/users/require-session-user";
import { defineOperation } from "@/lib/operations/operation";

export const answerAuthorization = defineOperation({
  name: "answerAuthorization",
  access: "session",
  // any member may deny; approving is an admin's (decideAuthorization: a connected app is the advertiser's credential)
  role: "viewer",
  write: true,
  // an approval connects the app (the user is its actor); a denial changes nothing
  history: "connected_app",
  input: z.strictObject({ id: z.string().max(200), approve: z.boolean() }),
  run: (actor, input, { clock }) =>
    decideAuthorization(
      {
        userId: requireSessionUser(actor, "Answering an authorization request"),
        advertiserId: actor.advertiserId,
        role: actor.role ?? "viewer",
      },
      input.id,
      input.approve,
      { clock },
    ),
});
