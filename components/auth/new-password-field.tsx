// The field where a person chooses a password (sign-up, password change): the schema's
// length limits on the input, and the hint of what the strength check accepts.
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
