// The signed-in user's own account (docs/decisions/1423): a new password (the
// current one required, checked under the sign-in limits; the browser gets a new
// session, every other session ends) and "sign out everywhere". The domain allows
// both to the dashboard session only: an access token acts for the advertiser,
// not for a person.
import { clearedSessionCookieLine, sessionCookieLine } from "@/lib/auth/session";
import { nowDate } from "@/lib/clock";
import { changePassword } from "@/lib/domain/users/change-password";
import { signOutEverywhere } from "@/lib/domain/users/sign-out-everywhere";
import type { Resolvers } from "../__generated__/resolvers-types";
import { payload } from "../guard";
import { operationResolver, runOperation } from "../operation";

export const accountMutationResolvers: Resolvers = {
  Mutation: {
    changePassword: operationResolver(changePassword, (_, { input }, context) =>
      payload(async () => {
        // in-process (no HTTP exchange) the attempt still counts, against an unknown address
        const changed = await runOperation(changePassword, context, input);
        context.http?.setCookie(await sessionCookieLine(changed, context.clock()));
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
  },
};
