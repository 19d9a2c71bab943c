"use client";
// Invites an email with a role (inviteMember): the single-use link is shown this
// once (only its hash is kept) and said whether it was emailed; the admin passes
// it on when it was not (docs/decisions/1219).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import type { Role as GraphqlRole } from "@/graphql/__generated__/client/graphql";
import { userFieldErrors } from "@/components/form-errors";
import { PlainForm } from "@/components/forms/plain-form";
import { gqlFetch } from "@/components/graphql-client";
import { useSubmit } from "@/components/forms/use-submit";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";
import { SubmitButton } from "@/components/ui/submit-button";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES } from "@/lib/auth/roles";
import { EMAIL_MAX } from "@/lib/domain/advertisers/advertisers.schemas";

const INVITE = graphql(`
  mutation InviteMember($input: InviteMemberInput!) {
    inviteMember(input: $input) {
      invitation {
        id
        email
      }
      url
      emailed
      emailProblem
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

type Created = { email: string; url: string; emailed: boolean; problem: string | null };

export function InviteMemberForm() {
  const router = useRouter();
  const { errors, setErrors, pending, submit } = useSubmit();
  const [created, setCreated] = useState<Created | null>(null);

  async function onSubmit(form: FormData, formElement: HTMLFormElement) {
    const email = String(form.get("email") ?? "").trim();
    const role = String(form.get("role") ?? "viewer").toUpperCase() as GraphqlRole;
    if (!email) {
      setErrors({ email: "Enter the email to invite" });
      return;
    }
    setCreated(null);
    await submit(async () => {
      const { inviteMember: answer } = await gqlFetch(INVITE, { input: { email, role } });
      if (!answer?.url || !answer.invitation) return userFieldErrors(answer?.userErrors ?? []);
      setCreated({
        email: answer.invitation.email,
        url: answer.url,
        emailed: answer.emailed === true,
        problem: answer.emailProblem ?? null,
      });
      formElement.reset();
      router.refresh();
      return null;
    });
  }

  return (
    <div className="space-y-4">
      <PlainForm label="Invite a member" onSubmit={onSubmit}>
        <Field id="invite-email" label="Email" error={errors.email}>
          <Input name="email" type="email" autoComplete="off" required maxLength={EMAIL_MAX} />
        </Field>
        <Field id="invite-role" label="Role" hint="You can change it later." error={errors.role}>
          <Select name="role" defaultValue="viewer">
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role].toLowerCase()}
              </option>
            ))}
          </Select>
        </Field>
        <FormError>{errors._form}</FormError>
        <SubmitButton pending={pending} pendingLabel="Inviting…">
          Invite
        </SubmitButton>
      </PlainForm>
      {created ? (
        <div role="status" className="space-y-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm">
          <p className="text-emerald-900">
            {created.emailed
              ? `Invitation emailed to ${created.email}. The link is shown this once, in case you need to pass it on:`
              : created.problem === "send_failed"
                ? `The email to ${created.email} could not be sent. Pass this link on yourself (it is shown this once):`
                : `Pass this link on to ${created.email} yourself (it is shown this once):`}
          </p>
          <code className="block rounded bg-white p-2 text-xs break-all" data-testid="invitation-url">
            {created.url}
          </code>
          <CopyButton value={created.url} label="Copy link" />
        </div>
      ) : null}
    </div>
  );
}
