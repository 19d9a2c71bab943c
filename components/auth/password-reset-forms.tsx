"use client";
// "Forgot password" and the reset link's new password (docs/decisions/1220).
import Link from "next/link";
import { useState } from "react";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from "@/lib/domain/advertisers/advertisers.schemas";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";

type ForgotAction = (input: { email: string }) => Promise<{ ok: boolean; emailError?: string; formError?: string }>;

export function ForgotPasswordForm({ action }: { action: ForgotAction }) {
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ emailError?: string; formError?: string }>({});
  if (sentTo) {
    return (
      <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
        If {sentTo} has an account, a link to choose a new password is on its way. It works once, for one hour.
      </p>
    );
  }
  return (
    <form
      className="space-y-4"
      noValidate
      aria-label="Send a password reset link"
      onSubmit={async (event) => {
        event.preventDefault();
        const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
        if (!email) {
          setErrors({ emailError: "Enter your email" });
          return;
        }
        setPending(true);
        try {
          const result = await action({ email });
          if (result.ok) setSentTo(email);
          else setErrors(result);
        } catch {
          setErrors({ formError: "The server could not be reached. Try again." });
        }
        setPending(false);
      }}
    >
      <FormError>{errors.formError}</FormError>
      <Field id="email" label="Email" error={errors.emailError}>
        <Input name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Sending…" : "Send the link"}
      </Button>
    </form>
  );
}

type ResetAction = (input: {
  token: string;
  newPassword: string;
}) => Promise<{ ok: boolean; email?: string; passwordError?: string; formError?: string }>;

export function ResetPasswordForm({ token, action }: { token: string; action: ResetAction }) {
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [errors, setErrors] = useState<{ passwordError?: string; formError?: string }>({});
  if (done) {
    return (
      <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
        Password changed, and every session of your account signed out.{" "}
        <Link className="font-medium underline" href="/signin">
          Sign in
        </Link>{" "}
        with your new password.
      </p>
    );
  }
  return (
    <form
      className="space-y-4"
      noValidate
      aria-label="Choose a new password"
      onSubmit={async (event) => {
        event.preventDefault();
        const newPassword = String(new FormData(event.currentTarget).get("newPassword") ?? "");
        if (newPassword.length < PASSWORD_MIN) {
          setErrors({ passwordError: `At least ${PASSWORD_MIN} characters` });
          return;
        }
        setPending(true);
        try {
          const result = await action({ token, newPassword });
          if (result.ok) setDone(true);
          else setErrors(result);
        } catch {
          setErrors({ formError: "The server could not be reached. Try again." });
        }
        setPending(false);
      }}
    >
      <FormError>{errors.formError}</FormError>
      <Field
        id="new-password"
        label="New password"
        hint={`At least ${PASSWORD_MIN} characters. Not easy to guess: a few unrelated words work well.`}
        error={errors.passwordError}
      >
        <Input
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Saving…" : "Set the new password"}
      </Button>
    </form>
  );
}
