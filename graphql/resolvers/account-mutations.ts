// The signed-in user's own account (docs/decisions/1423): a new password (the
// current one required, checked under the sign-in limits; the browser gets a new
// session, every other session ends) and "sign out everywhere". The domain allows
// both to the dashboard session only: an access token acts for the advertiser,
// not for a person.
import { deviceCookieName } from "@/lib/auth/device-cookie";
import { clearedSessionCookieLine, sessionCookieLine } from "@/lib/auth/session";
import { nowDate } from "@/lib/clock";
import { changePassword } from "@/lib/domain/users/change-password";
import { signOutEverywhere } from "@/lib/domain/users/sign-out-everywhere";
import { cookieValue } from "@/lib/http/cookies";
import type { Resolvers } from "../__generated__/resolvers-types";
import { authenticated, payload } from "../guard";

export const accountMutationResolvers: Resolvers = {
  Mutation: {
    changePassword: (_, { input }, context) => {
      const { actor } = authenticated(context);
      const http = context.http;
      return payload(async () => {
        const changed = await changePassword(
          actor,
          { current_password: input.currentPassword, new_password: input.newPassword },
          // in-process (no HTTP exchange) the attempt still counts, against an unknown address
          { ip: http?.ip ?? "unknown", deviceCookie: cookieValue(http?.cookieHeader, deviceCookieName()) },
        );
        http?.setCookie(await sessionCookieLine(changed, context.clock()));
        return { changedAt: nowDate(context.clock) };
      });
    },
    signOutEverywhere: (_, __, context) => {
      const { actor } = authenticated(context);
      return payload(async () => {
        const { signed_out_at } = await signOutEverywhere(actor, { clock: context.clock });
        context.http?.setCookie(clearedSessionCookieLine());
        return { signedOutAt: signed_out_at };
      });
    },
  },
};
