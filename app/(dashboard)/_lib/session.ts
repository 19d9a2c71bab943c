// The signed-in user of the page being rendered (the session cookie through
// next/headers), once per request; pages without one go to /signin, which
// returns to the page asked for (the path the request edge recorded).
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { REQUEST_PATH_HEADER, returnPathOfRequest, signInHref } from "@/lib/auth/return-path";
import { sessionCookieName, sessionUserFromCookie, type SessionUser } from "@/lib/auth/session";

export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const store = await cookies();
  return sessionUserFromCookie(store.get(sessionCookieName())?.value);
});

/** Sends to /signin, to come back to this page after signing in. */
export async function redirectToSignIn(): Promise<never> {
  redirect(signInHref(returnPathOfRequest((await headers()).get(REQUEST_PATH_HEADER))));
}

export async function requireUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) return redirectToSignIn();
  // the advertiser requires two-factor sign-in the member has not set up: that first (docs/decisions/1431)
  if (user.twoFactorPending) redirect("/two-factor");
  return user;
}
