"use client";
import { startAuthentication } from "@simplewebauthn/browser";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { PlainForm } from "@/components/forms/plain-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";
import { SubmitButton } from "@/components/ui/submit-button";
import { CurrentPasswordField } from "./password-fields";
import { signInMessage as message } from "./sign-in-messages";
import { usePasswordSignIn } from "./use-auth-forms";

export function SignInForm({
  initialError,
  waitMinutes,
  returnTo,
  passkeyOptions,
}: {
  /** the sign-in page's action: the challenge of a passkey sign-in for this email and password */
  passkeyOptions: (
    email: string,
    password: string,
  ) => Promise<{ ok: true; options: PublicKeyCredentialRequestOptionsJSON } | { ok: false; error: string }>;
  initialError?: string | null;
  waitMinutes: number;
  /** where to go once signed in: a path of this site (the page checked it, lib/auth/return-path.ts) */
  returnTo: string;
}) {
  const describe = (error: string) => message(error, waitMinutes);
  const { pending, error, setError, signIn, needsCode } = usePasswordSignIn(
    describe,
    initialError ? describe(initialError) : null,
  );
  return (
    <PlainForm
      onSubmit={(form) =>
        signIn(
          String(form.get("email") ?? ""),
          String(form.get("password") ?? ""),
          returnTo,
          undefined,
          String(form.get("otp") ?? "") || undefined,
        )
      }
    >
      <FormError>{error}</FormError>
      <Field id="email" label="Email">
        <Input name="email" type="email" autoComplete="email" required />
      </Field>
      <CurrentPasswordField
        id="password"
        name="password"
        label="Password"
        aside={
          <Link className="text-xs font-medium text-brand underline" href="/forgot-password">
            Forgot password?
          </Link>
        }
      />
      {needsCode ? (
        <Button
          type="button"
          variant="secondary"
          className="w-full"
          disabled={pending}
          onClick={async (event) => {
            const form = event.currentTarget.form;
            if (!form) return;
            const fields = new FormData(form);
            const email = String(fields.get("email") ?? "");
            const password = String(fields.get("password") ?? "");
            const started = await passkeyOptions(email, password).catch(() => null);
            if (!started) return setError("The server could not be reached. Try again.");
            if (!started.ok) return setError(started.error);
            let answer;
            try {
              answer = await startAuthentication({ optionsJSON: started.options });
            } catch {
              return setError("The browser did not use a passkey (cancelled, or not supported here).");
            }
            await signIn(email, password, returnTo, undefined, undefined, JSON.stringify(answer));
          }}
        >
          Use a passkey
        </Button>
      ) : null}
      {needsCode ? (
        <Field
          id="otp"
          label="Authentication code"
          hint="The 6 digits your authenticator app shows, or one of your recovery codes."
        >
          <Input name="otp" autoComplete="one-time-code" inputMode="text" required autoFocus />
        </Field>
      ) : null}
      <SubmitButton className="w-full" pending={pending} pendingLabel="Signing in…">
        Sign in
      </SubmitButton>
      <p className="text-center text-sm text-muted">
        New here?{" "}
        <Link
          className="font-medium text-brand underline"
          href={returnTo === "/overview" ? "/signup" : `/signup?callbackUrl=${encodeURIComponent(returnTo)}`}
        >
          Create an account
        </Link>
      </p>
    </PlainForm>
  );
}
