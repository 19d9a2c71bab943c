"use client";
// The invitation page's ways in (docs/decisions/1219): an existing account signs
// in (the sign-in accepts the invitation and selects its advertiser); a new one
// chooses a name and a password, joins, then signs in.
import { PlainForm } from "@/components/forms/plain-form";
import { USER_NAME_MAX } from "@/lib/domain/users/users.schemas";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";
import { SubmitButton } from "@/components/ui/submit-button";
import { CurrentPasswordField, NewPasswordField } from "./password-fields";
import { signInMessage } from "./sign-in-messages";
import { useCreateAccount, usePasswordSignIn, type CreateAccountResult } from "./use-auth-forms";

/** The invited email: fixed by the invitation, there for password managers. */
function InvitedEmail({ email }: { email: string }) {
  return (
    <Field id="email" label="Email">
      <Input name="email" type="email" autoComplete="username" value={email} readOnly />
    </Field>
  );
}

export function InvitationSignIn({ token, email }: { token: string; email: string }) {
  const { pending, error, signIn } = usePasswordSignIn((code) => signInMessage(code));
  return (
    <PlainForm
      label="Sign in to accept"
      onSubmit={(form) => signIn(email, String(form.get("password") ?? ""), "/overview", token)}
    >
      <p className="text-sm text-muted">You have an account: sign in to accept.</p>
      <FormError>{error}</FormError>
      <InvitedEmail email={email} />
      <CurrentPasswordField id="password" name="password" label="Password" />
      <SubmitButton className="w-full" pending={pending} pendingLabel="Signing in…">
        Sign in and join
      </SubmitButton>
    </PlainForm>
  );
}

type JoinAction = (input: {
  token: string;
  name: string;
  password: string;
}) => Promise<CreateAccountResult<"name" | "password">>;

export function InvitationSignUp({ token, email, action }: { token: string; email: string; action: JoinAction }) {
  const { pending, fieldErrors, formError, createAccount } = useCreateAccount<"name" | "password">();
  return (
    <PlainForm
      label="Create your account"
      onSubmit={(form) => {
        const input = { token, name: String(form.get("name") ?? ""), password: String(form.get("password") ?? "") };
        return createAccount(() => action(input), { email, password: input.password }, "/overview");
      }}
    >
      <p className="text-sm text-muted">Create your account to accept.</p>
      <FormError>{formError}</FormError>
      <InvitedEmail email={email} />
      <Field id="name" label="Your name" error={fieldErrors.name}>
        <Input name="name" autoComplete="name" required maxLength={USER_NAME_MAX} />
      </Field>
      <NewPasswordField id="password" name="password" label="Password" error={fieldErrors.password} />
      <SubmitButton className="w-full" pending={pending} pendingLabel="Joining…">
        Create account and join
      </SubmitButton>
    </PlainForm>
  );
}
