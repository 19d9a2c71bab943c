"use client";
// The invitation page's ways in (docs/decisions/1219): an existing account signs
// in (the sign-in accepts the invitation and selects its advertiser); a new one
// chooses a name and a password, joins, then signs in.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/domain/advertisers/advertisers.schemas";
import { USER_NAME_MAX } from "@/lib/domain/users/users.schemas";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";
import { signInWithPassword } from "./auth-client";
import { signInMessage } from "./sign-in-messages";

export function InvitationSignIn({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="space-y-4"
      noValidate
      aria-label="Sign in to accept"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        setPending(true);
        setError(null);
        try {
          const result = await signInWithPassword(email, String(form.get("password") ?? ""), "/overview", token);
          if (result.ok) {
            router.replace("/overview");
            router.refresh();
            return;
          }
          setError(signInMessage(result.error));
        } catch {
          setError("The server could not be reached. Try again.");
        }
        setPending(false);
      }}
    >
      <p className="text-sm text-muted">You have an account: sign in to accept.</p>
      <FormError>{error}</FormError>
      <Field id="email" label="Email">
        <Input name="email" type="email" autoComplete="username" value={email} readOnly />
      </Field>
      <Field id="password" label="Password">
        <Input name="password" type="password" autoComplete="current-password" required />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in and join"}
      </Button>
    </form>
  );
}

type JoinAction = (input: { token: string; name: string; password: string }) => Promise<{
  ok: boolean;
  email?: string;
  fieldErrors: Partial<Record<"name" | "password", string>>;
  formError?: string;
}>;

export function InvitationSignUp({ token, email, action }: { token: string; email: string; action: JoinAction }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<"name" | "password", string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  return (
    <form
      className="space-y-4"
      noValidate
      aria-label="Create your account"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const input = { token, name: String(form.get("name") ?? ""), password: String(form.get("password") ?? "") };
        setPending(true);
        setFormError(null);
        try {
          const result = await action(input);
          setFieldErrors(result.fieldErrors);
          if (!result.ok) {
            setFormError(result.formError ?? null);
            setPending(false);
            return;
          }
          const signedIn = await signInWithPassword(result.email ?? email, input.password);
          router.replace(signedIn.ok ? "/overview" : "/signin");
          router.refresh();
        } catch {
          setFormError("The server could not be reached. Try again.");
          setPending(false);
        }
      }}
    >
      <p className="text-sm text-muted">Create your account to accept.</p>
      <FormError>{formError}</FormError>
      <Field id="email" label="Email">
        <Input name="email" type="email" autoComplete="username" value={email} readOnly />
      </Field>
      <Field id="name" label="Your name" error={fieldErrors.name}>
        <Input name="name" autoComplete="name" required maxLength={USER_NAME_MAX} />
      </Field>
      <Field
        id="password"
        label="Password"
        hint={`At least ${PASSWORD_MIN} characters. Not easy to guess: a few unrelated words work well.`}
        error={fieldErrors.password}
      >
        <Input
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Joining…" : "Create account and join"}
      </Button>
    </form>
  );
}
