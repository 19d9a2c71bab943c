"use client";
// Changes the signed-in user's password (changePassword): the current one, then
// the new one, whose strength the server judges (zxcvbn) and explains on the
// field. Every other session of the user ends; this browser's answer carries its
// new session cookie, so it stays signed in (docs/decisions/1423).
import { useState, type FormEvent } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/domain/advertisers/advertisers.schemas";
import { userFieldErrors } from "@/components/form-errors";
import { gqlFetch } from "@/components/graphql-client";
import { NewPasswordField } from "@/components/auth/new-password-field";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";

const CHANGE = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      changedAt
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export function ChangePasswordForm({ email }: { email: string }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [changed, setChanged] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const input = {
      currentPassword: String(form.get("currentPassword") ?? ""),
      newPassword: String(form.get("newPassword") ?? ""),
    };
    const missing: Record<string, string> = {};
    if (!input.currentPassword) missing.currentPassword = "Enter your current password";
    if (input.newPassword.length < PASSWORD_MIN) missing.newPassword = `At least ${PASSWORD_MIN} characters`;
    if (Object.keys(missing).length) {
      setErrors(missing);
      setChanged(false);
      return;
    }
    setPending(true);
    setChanged(false);
    try {
      const { changePassword: result } = await gqlFetch(CHANGE, { input });
      if (!result?.changedAt) {
        setErrors(userFieldErrors(result?.userErrors ?? []));
        return;
      }
      setErrors({});
      setChanged(true);
      formElement.reset();
    } catch (error) {
      setErrors({ _form: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Change your password">
      {/* for password managers: whose password this is */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field id="current-password" label="Current password" error={errors.currentPassword}>
        <Input
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
        />
      </Field>
      <NewPasswordField id="new-password" name="newPassword" label="New password" error={errors.newPassword} />
      <FormError>{errors._form}</FormError>
      {changed ? (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
          Password changed. Every other session of your account is signed out; this browser stays signed in.
        </p>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? "Changing…" : "Change password"}
      </Button>
    </form>
  );
}
