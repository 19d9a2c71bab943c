"use client";
// "Forgot password" and the reset link's new password (docs/decisions/1220).
import Link from "next/link";
import { useState } from "react";
import { PlainForm } from "@/components/forms/plain-form";
import { EMAIL_MAX, PASSWORD_MIN } from "@/lib/domain/advertisers/advertisers.schemas";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormError, SuccessNote } from "@/components/ui/states";
import { SubmitButton } from "@/components/ui/submit-button";
import { NewPasswordField } from "./password-fields";
import { useAuthAction } from "./use-auth-forms";

type ForgotResult = { ok: boolean; emailError?: string; formError?: string };
type ForgotAction = (input: { email: string }) => Promise<ForgotResult>;

export function ForgotPasswordForm({ action }: { action: ForgotAction }) {
  const { pending, errors, setErrors, run } = useAuthAction<ForgotResult>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo) {
    return (
      <SuccessNote>
        If {sentTo} has an account, a link to choose a new password is on its way. It works once, for one hour.
      </SuccessNote>
    );
  }
  return (
    <PlainForm
      label="Send a password reset link"
      onSubmit={async (form) => {
        const email = String(form.get("email") ?? "").trim();
        if (!email) {
          setErrors({ emailError: "Enter your email" });
          return;
        }
        await run(
          () => action({ email }),
          () => setSentTo(email),
        );
      }}
    >
      <FormError>{errors.formError}</FormError>
      <Field id="email" label="Email" error={errors.emailError}>
        <Input name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} />
      </Field>
      <SubmitButton className="w-full" pending={pending} pendingLabel="Sending…">
        Send the link
      </SubmitButton>
    </PlainForm>
  );
}

type ResetResult = { ok: boolean; email?: string; passwordError?: string; formError?: string };
type ResetAction = (input: { token: string; newPassword: string }) => Promise<ResetResult>;

export function ResetPasswordForm({ token, action }: { token: string; action: ResetAction }) {
  const { pending, errors, setErrors, run } = useAuthAction<ResetResult>();
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <SuccessNote>
        Password changed, and every session of your account signed out.{" "}
        <Link className="font-medium underline" href="/signin">
          Sign in
        </Link>{" "}
        with your new password.
      </SuccessNote>
    );
  }
  return (
    <PlainForm
      label="Choose a new password"
      onSubmit={async (form) => {
        const newPassword = String(form.get("newPassword") ?? "");
        if (newPassword.length < PASSWORD_MIN) {
          setErrors({ passwordError: `At least ${PASSWORD_MIN} characters` });
          return;
        }
        await run(
          () => action({ token, newPassword }),
          () => setDone(true),
        );
      }}
    >
      <FormError>{errors.formError}</FormError>
      <NewPasswordField id="new-password" name="newPassword" label="New password" error={errors.passwordError} />
      <SubmitButton className="w-full" pending={pending} pendingLabel="Saving…">
        Set the new password
      </SubmitButton>
    </PlainForm>
  );
}
