"use client";
// Changes the signed-in user's password (changePassword): the current one, then
// the new one, whose strength the server judges (zxcvbn) and explains on the
// field. Every other session of the user ends; this browser's answer carries its
// new session cookie, so it stays signed in (docs/decisions/1423).
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/domain/advertisers/advertisers.schemas";
import { userFieldErrors } from "@/components/form-errors";
import { PlainForm } from "@/components/forms/plain-form";
import { gqlFetch } from "@/components/graphql-client";
import { CurrentPasswordField, NewPasswordField } from "@/components/auth/password-fields";
import { useSubmit } from "@/components/forms/use-submit";
import { FormError, SuccessNote } from "@/components/ui/states";
import { SubmitButton } from "@/components/ui/submit-button";

const CHANGE = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      changedAt
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function ChangePasswordForm({ email }: { email: string }) {
  const { errors, setErrors, pending, submit } = useSubmit();
  const [changed, setChanged] = useState(false);

  async function onSubmit(form: FormData, formElement: HTMLFormElement) {
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
    setChanged(false);
    await submit(async () => {
      const { changePassword: result } = await gqlFetch(CHANGE, { input });
      if (!result?.changedAt) return userFieldErrors(result?.userErrors ?? []);
      setChanged(true);
      formElement.reset();
      return null;
    });
  }

  return (
    <PlainForm label="Change your password" onSubmit={onSubmit}>
      {/* for password managers: whose password this is */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <CurrentPasswordField
        id="current-password"
        name="currentPassword"
        label="Current password"
        error={errors.currentPassword}
        maxLength={PASSWORD_MAX}
      />
      <NewPasswordField id="new-password" name="newPassword" label="New password" error={errors.newPassword} />
      <FormError>{errors._form}</FormError>
      {changed ? (
        <SuccessNote>
          Password changed. Every other session of your account is signed out; this browser stays signed in.
        </SuccessNote>
      ) : null}
      <SubmitButton pending={pending} pendingLabel="Changing…">
        Change password
      </SubmitButton>
    </PlainForm>
  );
}
