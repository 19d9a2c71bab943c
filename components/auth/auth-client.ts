// The browser's side of next-auth's endpoints (what next-auth/react's signIn
// and signOut do, without its provider): fetch the CSRF token (its cookie comes
// with it), then POST the form with json=true and read where to go.

async function csrfToken(): Promise<string> {
  const res = await fetch("/api/auth/csrf", { credentials: "same-origin", cache: "no-store" });
  if (!res.ok) throw new Error(`could not start a session (${res.status})`);
  const body = (await res.json()) as { csrfToken: string };
  return body.csrfToken;
}

async function post(path: string, fields: Record<string, string>): Promise<URL> {
  const body = new URLSearchParams({ ...fields, csrfToken: await csrfToken(), json: "true" });
  const res = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  // a refused sign-in answers 401 with the same {url} (carrying ?error=)
  const answer = (await res.json().catch(() => null)) as { url?: string } | null;
  if (!answer?.url) throw new Error(`the server answered ${res.status}`);
  return new URL(answer.url, window.location.origin);
}

export type SignInResult = { ok: true } | { ok: false; error: "CredentialsSignin" | "RateLimited" | string };

/** Signs in; with `invitation` (an invitation link's token) the sign-in also accepts it (docs/decisions/1219). */
export async function signInWithPassword(
  email: string,
  password: string,
  callbackUrl = "/overview",
  invitation?: string,
  otp?: string,
  /** the JSON of a passkey's answer, instead of a code (docs/decisions/1434) */
  passkey?: string,
): Promise<SignInResult> {
  const url = await post("/api/auth/callback/credentials", {
    email,
    password,
    callbackUrl,
    ...(invitation && { invitation }),
    ...(otp && { otp }),
    ...(passkey && { passkey }),
  });
  const error = url.searchParams.get("error");
  return error ? { ok: false, error } : { ok: true };
}

export async function signOut(): Promise<void> {
  await post("/api/auth/signout", { callbackUrl: "/signin" });
}
