// The password fields: the one where a person chooses a password (sign-up, an
// invitation, a reset, a change: the schema's length limits on the input, and the
// hint of what the strength check accepts), and the one where they type their
// current one (sign-in, or confirming a change of their account).
import type { ReactNode } from "react";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/domain/advertisers/advertisers.schemas";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

export function NewPasswordField({
  id,
  name,
  label,
  error,
}: {
  id: string;
  name: string;
  label: string;
  error: string | undefined;
}) {
  return (
    <Field
      id={id}
      label={label}
      hint={`At least ${PASSWORD_MIN} characters. Not easy to guess: a few unrelated words work well.`}
      error={error}
    >
      <Input
        name={name}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
      />
    </Field>
  );
}

export function CurrentPasswordField({
  id,
  name,
  label,
  error,
  aside,
  maxLength,
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  aside?: ReactNode;
  /** the schema's limit where the server checks it (a sign-in refuses a wrong password of any length) */
  maxLength?: number;
}) {
  return (
    <Field id={id} label={label} error={error} aside={aside}>
      <Input name={name} type="password" autoComplete="current-password" required maxLength={maxLength} />
    </Field>
  );
}
