"use client";
// The signed-in user's own details (docs/decisions/1220): their name and the time
// zone the dashboard writes days and times in (updateAccount; budgets stay UTC
// days), and their sign-in email (changeEmail: the current password confirms it;
// the old address is told when email is configured).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { userFieldErrors } from "@/components/form-errors";
import { PlainForm } from "@/components/forms/plain-form";
import { gqlFetch } from "@/components/graphql-client";
import { TIME_ZONES } from "@/components/reports/time-zones";
import { CurrentPasswordField } from "@/components/auth/password-fields";
import { useSubmit } from "@/components/forms/use-submit";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { FormError, SuccessNote } from "@/components/ui/states";
import { SubmitButton } from "@/components/ui/submit-button";
import { EMAIL_MAX, PASSWORD_MAX } from "@/lib/domain/advertisers/advertisers.schemas";
import { USER_NAME_MAX } from "@/lib/domain/users/users.schemas";

const UPDATE = graphql(`
  mutation UpdateAccount($input: UpdateAccountInput!) {
    updateAccount(input: $input) {
      user {
        name
        timeZone
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

const CHANGE_EMAIL = graphql(`
  mutation ChangeEmail($input: ChangeEmailInput!) {
    changeEmail(input: $input) {
      user {
        email
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function ProfileForm({ name, timeZone }: { name: string; timeZone: string }) {
  const router = useRouter();
  const { errors, setErrors, pending, submit } = useSubmit();
  const [saved, setSaved] = useState(false);
  const [zone, setZone] = useState(timeZone);
  const zones = TIME_ZONES.includes(timeZone) ? TIME_ZONES : [timeZone, ...TIME_ZONES];

  async function onSubmit(form: FormData) {
    const input = { name: String(form.get("name") ?? "").trim(), timeZone: zone };
    if (!input.name) {
      setErrors({ name: "Enter your name" });
      return;
    }
    setSaved(false);
    await submit(async () => {
      const { updateAccount: answer } = await gqlFetch(UPDATE, { input });
      if (!answer?.user) return userFieldErrors(answer?.userErrors ?? []);
      setSaved(true);
      router.refresh();
      return null;
    });
  }

  return (
    <PlainForm label="Your name and time zone" onSubmit={onSubmit}>
      <Field id="account-name" label="Name" hint="How members and invitations show you." error={errors.name}>
        <Input name="name" defaultValue={name} autoComplete="name" required maxLength={USER_NAME_MAX} />
      </Field>
      <Field
        id="account-time-zone"
        label="Time zone"
        hint="The dashboard writes days and times in it. Budgets and flights still count UTC days, and the pages say so."
        error={errors.timeZone}
        aside={
          <button
            type="button"
            className="text-xs font-medium text-brand underline"
            onClick={() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone)}
          >
            Use this browser&apos;s
          </button>
        }
      >
        <Select name="timeZone" value={zone} onChange={(event) => setZone(event.target.value)}>
          {zones.map((each) => (
            <option key={each} value={each}>
              {each.replaceAll("_", " ")}
            </option>
          ))}
        </Select>
      </Field>
      <FormError>{errors._form}</FormError>
      {saved ? <SuccessNote>Saved.</SuccessNote> : null}
      <SubmitButton pending={pending} pendingLabel="Saving…">
        Save
      </SubmitButton>
    </PlainForm>
  );
}

export function ChangeEmailForm({ email }: { email: string }) {
  const router = useRouter();
  const { errors, setErrors, pending, submit } = useSubmit();
  const [changedTo, setChangedTo] = useState<string | null>(null);

  async function onSubmit(form: FormData, formElement: HTMLFormElement) {
    const input = {
      newEmail: String(form.get("newEmail") ?? "").trim(),
      currentPassword: String(form.get("currentPassword") ?? ""),
    };
    const missing: Record<string, string> = {};
    if (!input.newEmail) missing.newEmail = "Enter the new email";
    if (!input.currentPassword) missing.currentPassword = "Enter your current password";
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    setChangedTo(null);
    await submit(async () => {
      const { changeEmail: answer } = await gqlFetch(CHANGE_EMAIL, { input });
      if (!answer?.user) return userFieldErrors(answer?.userErrors ?? []);
      setChangedTo(answer.user.email);
      formElement.reset();
      router.refresh();
      return null;
    });
  }

  return (
    <PlainForm label="Change your sign-in email" onSubmit={onSubmit}>
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field id="new-email" label="New email" error={errors.newEmail}>
        <Input name="newEmail" type="email" autoComplete="email" required maxLength={EMAIL_MAX} />
      </Field>
      <CurrentPasswordField
        id="email-current-password"
        name="currentPassword"
        label="Current password"
        error={errors.currentPassword}
        maxLength={PASSWORD_MAX}
      />
      <FormError>{errors._form}</FormError>
      {changedTo ? <SuccessNote>{`You now sign in with ${changedTo}.`}</SuccessNote> : null}
      <SubmitButton pending={pending} pendingLabel="Changing…">
        Change email
      </SubmitButton>
    </PlainForm>
  );
}
