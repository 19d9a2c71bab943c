// The signed-in user's own account (docs/decisions/1220, 1423), each running its
// catalog operation: a new password (the current one required, checked under the
// sign-in limits; the browser gets a new session, every other session ends), "sign
// out everywhere", name and time zone, the sign-in email; and, without
// credentials, "forgot password" and the reset link's new password. The domain
// allows the first four to the dashboard session only: an access token acts for
// the advertiser, not for a person.
import { clearedSessionCookieLine, sessionCookieLine } from "@/lib/auth/session";
import { nowDate } from "@/lib/clock";
import { changeEmail } from "@/lib/domain/users/change-email";
import { changePassword } from "@/lib/domain/users/change-password";
import { completePasswordReset } from "@/lib/domain/users/complete-password-reset";
import { requestPasswordReset } from "@/lib/domain/users/request-password-reset";
import { signOutEverywhere } from "@/lib/domain/users/sign-out-everywhere";
import { updateAccount } from "@/lib/domain/users/update-account";
import type { Resolvers } from "../__generated__/resolvers-types";
import { payload } from "../guard";
import { operationResolver, runOperation } from "../operation";

export const accountMutationResolvers: Resolvers = {
  Mutation: {
    changePassword: operationResolver(changePassword, (_, { input }, context) =>
      payload(async () => {
        // in-process (no HTTP exchange) the attempt still counts, against an unknown address
        const changed = await runOperation(changePassword, context, input);
        // the same advertiser, a session of the new version
        context.http?.setCookie(
          await sessionCookieLine({ ...changed, advertiserId: context.actor!.advertiserId }, context.clock()),
        );
        return { changedAt: nowDate(context.clock) };
      }),
    ),
    signOutEverywhere: operationResolver(signOutEverywhere, (_, __, context) =>
      payload(async () => {
        const { signedOutAt } = await runOperation(signOutEverywhere, context);
        context.http?.setCookie(clearedSessionCookieLine());
        return { signedOutAt };
      }),
    ),
    updateAccount: operationResolver(updateAccount, (_, { input }, context) =>
      payload(async () => ({ user: await runOperation(updateAccount, context, input) })),
    ),
    changeEmail: operationResolver(changeEmail, (_, { input }, context) =>
      payload(async () => ({ user: await runOperation(changeEmail, context, input) })),
    ),
    requestPasswordReset: operationResolver(requestPasswordReset, (_, { input }, context) =>
      payload(() => runOperation(requestPasswordReset, context, input)),
    ),
    completePasswordReset: operationResolver(completePasswordReset, (_, { input }, context) =>
      payload(() => runOperation(completePasswordReset, context, input)),
    ),
  },
};
