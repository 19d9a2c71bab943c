"use client";
// The sending side of the pages before sign-in (sign-in, sign-up, an invitation,
// a password reset): whether a form is being sent and what went wrong. A server
// action or next-auth that cannot be reached says so in the same words everywhere.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { signInWithPassword } from "./auth-client";
import { PASSKEY_REFUSED, WRONG_CODE } from "./sign-in-messages";

export const UNREACHABLE = "The server could not be reached. Try again.";

/**
 * Signs in with a password, then goes to `to` (a path of this site); a refusal is
 * put in words by `describe` (sign-in-messages.ts). With an invitation's token the
 * sign-in also accepts it.
 */
export function usePasswordSignIn(describe: (error: string) => string, initialError: string | null = null) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  // the account has two-factor sign-in: the form asks for the code (docs/decisions/1431)
  const [needsCode, setNeedsCode] = useState(false);
  async function signIn(
    email: string,
    password: string,
    to: string,
    invitation?: string,
    otp?: string,
    passkey?: string,
  ): Promise<void> {
    setPending(true);
    setError(null);
    try {
      const result = await signInWithPassword(email, password, to, invitation, otp, passkey);
      if (result.ok) {
        router.replace(to);
        router.refresh();
        return;
      }
      if (result.error === "TwoFactorRequired") setNeedsCode(true);
      else if (passkey && result.error === "CredentialsSignin") setError(PASSKEY_REFUSED);
      else setError(otp && result.error === "CredentialsSignin" ? WRONG_CODE : describe(result.error));
    } catch {
      setError(UNREACHABLE);
    }
    setPending(false);
  }
  return { pending, error, setError, signIn, needsCode };
}

export type CreateAccountResult<Fields extends string> = {
  ok: boolean;
  /** the account's email, where the form did not ask for it (an invitation's) */
  email?: string;
  fieldErrors: Partial<Record<Fields, string>>;
  formError?: string;
};

/**
 * Creates an account with a server action, then signs in as it and goes to `to`
 * (to the sign-in page when that sign-in is refused). The form stays pending
 * while the browser moves on.
 */
export function useCreateAccount<Fields extends string>() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Fields, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  async function createAccount(
    create: () => Promise<CreateAccountResult<Fields>>,
    account: { email: string; password: string },
    to: string,
  ): Promise<void> {
    setPending(true);
    setFormError(null);
    try {
      const result = await create();
      setFieldErrors(result.fieldErrors);
      if (!result.ok) {
        setFormError(result.formError ?? null);
        setPending(false);
        return;
      }
      const signedIn = await signInWithPassword(result.email ?? account.email, account.password, to);
      router.replace(signedIn.ok ? to : "/signin");
      router.refresh();
    } catch {
      setFormError(UNREACHABLE);
      setPending(false);
    }
  }
  return { pending, fieldErrors, formError, createAccount };
}

/**
 * A server action that answers `ok` or its errors (put in the form as they come);
 * `onDone` gets a successful answer.
 */
export function useAuthAction<Result extends { ok: boolean; formError?: string }>() {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Partial<Result>>({});
  async function run(action: () => Promise<Result>, onDone: (result: Result) => void): Promise<void> {
    setPending(true);
    try {
      const result = await action();
      if (result.ok) onDone(result);
      else setErrors(result);
    } catch {
      setErrors({ formError: UNREACHABLE } as Partial<Result>);
    }
    setPending(false);
  }
  return { pending, errors, setErrors, run };
}
