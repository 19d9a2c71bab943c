"use client";
// The signed-in user's own details (docs/decisions/1220): their name and the time
// zone the dashboard writes days and times in (updateAccount; budgets stay UTC
// days), and their sign-in email (changeEmail: the current password confirms it;
// the old address is told when email is configured).
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { userFieldErrors } from "@/components/form-errors";
import { gqlFetch } from "@/components/graphql-client";
import { TIME_ZONES } from "@/components/reports/time-zones";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";
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
        field
        code
        message
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
        field
        code
        message
      }
    }
  }
`);

function Saved({ children }: { children: string }) {
  return (
    <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
      {children}
    </p>
  );
}

export function ProfileForm({ name, timeZone }: { name: string; timeZone: string }) {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [zone, setZone] = useState(timeZone);
  const zones = TIME_ZONES.includes(timeZone) ? TIME_ZONES : [timeZone, ...TIME_ZONES];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = { name: String(form.get("name") ?? "").trim(), timeZone: zone };
    if (!input.name) {
      setErrors({ name: "Enter your name" });
      return;
    }
    setPending(true);
    setSaved(false);
    try {
      const { updateAccount: answer } = await gqlFetch(UPDATE, { input });
      if (!answer?.user) {
        setErrors(userFieldErrors(answer?.userErrors ?? []));
        return;
      }
      setErrors({});
      setSaved(true);
      router.refresh();
    } catch (error) {
      setErrors({ _form: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Your name and time zone">
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
      {saved ? <Saved>Saved.</Saved> : null}
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : "Save"}
      </Button>
    </form>
  );
}

export function ChangeEmailForm({ email }: { email: string }) {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [changedTo, setChangedTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
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
    setPending(true);
    setChangedTo(null);
    try {
      const { changeEmail: answer } = await gqlFetch(CHANGE_EMAIL, { input });
      if (!answer?.user) {
        setErrors(userFieldErrors(answer?.userErrors ?? []));
        return;
      }
      setErrors({});
      setChangedTo(answer.user.email);
      formElement.reset();
      router.refresh();
    } catch (error) {
      setErrors({ _form: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Change your sign-in email">
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field id="new-email" label="New email" error={errors.newEmail}>
        <Input name="newEmail" type="email" autoComplete="email" required maxLength={EMAIL_MAX} />
      </Field>
      <Field id="email-current-password" label="Current password" error={errors.currentPassword}>
        <Input
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
        />
      </Field>
      <FormError>{errors._form}</FormError>
      {changedTo ? <Saved>{`You now sign in with ${changedTo}.`}</Saved> : null}
      <Button type="submit" disabled={pending}>
        {pending ? "Changing…" : "Change email"}
      </Button>
    </form>
  );
}
