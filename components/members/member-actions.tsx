"use client";
// A member's role (changeMemberRole, after a confirmation naming what the new
// role may do; a demotion also narrows what they set up) and removal (removeMember, after a
// confirmation: their sessions for this advertiser end at once, and what they set
// up is revoked, the API keys unless the admin keeps them), and revoking a
// pending invitation (revokeInvitation). The last admin can be neither demoted
// nor removed: the answer says so.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import type { Role as GraphqlRole } from "@/graphql/__generated__/client/graphql";
import { userFieldErrors } from "@/components/form-errors";
import { gqlFetch } from "@/components/graphql-client";
import { useAction } from "@/components/forms/use-submit";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-button";
import { Select } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, roleAtLeast, type Role } from "@/lib/auth/roles";

const CHANGE_ROLE = graphql(`
  mutation ChangeMemberRole($input: ChangeMemberRoleInput!) {
    changeMemberRole(input: $input) {
      member {
        userId
        role
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

const REMOVE = graphql(`
  mutation RemoveMember($input: RemoveMemberInput!) {
    removeMember(input: $input) {
      removedUserId
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

const REVOKE = graphql(`
  mutation RevokeInvitation($input: RevokeInvitationInput!) {
    revokeInvitation(input: $input) {
      invitation {
        id
        status
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function MemberActions({ userId, name, role }: { userId: string; name: string; role: Role }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  /** the role chosen in the select, waiting for its confirmation */
  const [nextRole, setNextRole] = useState<Role | null>(null);
  const [keepApiClients, setKeepApiClients] = useState(false);
  const { pending, error, act } = useAction();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor={`role-${userId}`}>
        Role of {name}
      </label>
      <Select
        id={`role-${userId}`}
        value={role}
        disabled={pending}
        className="w-auto"
        onChange={(event) => {
          const next = event.target.value as Role;
          if (next !== role) setNextRole(next);
        }}
      >
        {ROLES.map((each) => (
          <option key={each} value={each}>
            {ROLE_LABELS[each]}
          </option>
        ))}
      </Select>
      <Button variant="danger" onClick={() => setOpen(true)} aria-label={`Remove ${name}`}>
        Remove
      </Button>
      <FormError>{open || nextRole ? null : error}</FormError>
      <ConfirmDialog
        open={nextRole !== null}
        onClose={() => setNextRole(null)}
        title={
          nextRole ? `Make ${name} ${nextRole === "admin" ? "an" : "a"} ${ROLE_LABELS[nextRole].toLowerCase()}?` : ""
        }
        error={error}
        keepLabel={`Keep ${ROLE_LABELS[role].toLowerCase()}`}
        pending={pending}
        confirmLabel="Change role"
        pendingLabel="Changing…"
        onConfirm={() =>
          act(async () => {
            const next = nextRole!.toUpperCase() as GraphqlRole;
            const { changeMemberRole: answer } = await gqlFetch(CHANGE_ROLE, { input: { userId, role: next } });
            if (!answer?.member) return userFieldErrors(answer?.userErrors ?? [])._form ?? "Not changed.";
            setNextRole(null);
            router.refresh();
            return null;
          })
        }
      >
        {nextRole ? (
          <p className="text-sm text-muted">
            {ROLE_LABELS[nextRole]}: {ROLE_DESCRIPTIONS[nextRole].toLowerCase()}.
            {roleAtLeast(role, nextRole) && nextRole !== role
              ? " The API keys they created and the apps they connected are narrowed to what the new role may do."
              : ""}
          </p>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Remove ${name}?`}
        error={error}
        keepLabel="Keep them"
        pending={pending}
        confirmLabel="Remove member"
        pendingLabel="Removing…"
        onConfirm={() =>
          act(async () => {
            const { removeMember: answer } = await gqlFetch(REMOVE, { input: { userId, keepApiClients } });
            if (!answer?.removedUserId) return userFieldErrors(answer?.userErrors ?? [])._form ?? "Not removed.";
            setOpen(false);
            router.refresh();
            return null;
          })
        }
      >
        <p className="text-sm text-muted">
          They lose access to this advertiser at once: their sessions acting for it end at their next request. Their
          other advertisers are not affected. The connected apps they approved and the invitations they sent are revoked
          with them; so are the API keys they created, unless you keep them below. The change history lists each
          revocation.
        </p>
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={keepApiClients}
            onChange={(event) => setKeepApiClients(event.target.checked)}
          />
          Keep the API keys {name} created (an integration may depend on them)
        </label>
      </ConfirmDialog>
    </div>
  );
}

export function RevokeInvitationButton({ id, email }: { id: string; email: string }) {
  const router = useRouter();
  const { pending, error, act } = useAction();
  return (
    <div className="flex items-center gap-2">
      <Button
        variant="secondary"
        disabled={pending}
        aria-label={`Revoke the invitation of ${email}`}
        onClick={() =>
          act(async () => {
            const { revokeInvitation: answer } = await gqlFetch(REVOKE, { input: { id } });
            router.refresh();
            return answer?.invitation ? null : (userFieldErrors(answer?.userErrors ?? [])._form ?? "Not revoked.");
          })
        }
      >
        {pending ? "Revoking…" : "Revoke"}
      </Button>
      <FormError>{error}</FormError>
    </div>
  );
}
