// The signed-in user of the page being rendered (the session cookie through
// next/headers), once per request; pages without one go to /signin.
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { sessionCookieName, sessionUserFromCookie, type SessionUser } from "@/lib/auth/session";

export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const store = await cookies();
  return sessionUserFromCookie(store.get(sessionCookieName())?.value);
});

export async function requireUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect("/signin");
  return user;
}
