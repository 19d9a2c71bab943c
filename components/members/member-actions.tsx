"use client";
// A member's role (changeMemberRole) and removal (removeMember, after a
// confirmation: their sessions for this advertiser end at once), and revoking a
// pending invitation (revokeInvitation). The last admin can be neither demoted
// nor removed: the answer says so.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import type { Role as GraphqlRole } from "@/graphql/__generated__/client/graphql";
import { userFieldErrors } from "@/components/form-errors";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Select } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/auth/roles";

const CHANGE_ROLE = graphql(`
  mutation ChangeMemberRole($input: ChangeMemberRoleInput!) {
    changeMemberRole(input: $input) {
      member {
        userId
        role
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`);

const REMOVE = graphql(`
  mutation RemoveMember($input: RemoveMemberInput!) {
    removeMember(input: $input) {
      removedUserId
      userErrors {
        field
        code
        message
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
        field
        code
        message
      }
    }
  }
`);

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function MemberActions({ userId, name, role }: { userId: string; name: string; role: Role }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
        onChange={async (event) => {
          setPending(true);
          setError(null);
          try {
            const next = event.target.value.toUpperCase() as GraphqlRole;
            const { changeMemberRole: answer } = await gqlFetch(CHANGE_ROLE, { input: { userId, role: next } });
            if (!answer?.member) setError(userFieldErrors(answer?.userErrors ?? [])._form ?? "Not changed.");
            router.refresh();
          } catch (cause) {
            setError(messageOf(cause));
          } finally {
            setPending(false);
          }
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
      <FormError>{open ? null : error}</FormError>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Remove ${name}?`}>
        <p className="text-sm text-muted">
          They lose access to this advertiser at once: their sessions acting for it end at their next request. Their
          other advertisers are not affected. The API keys and connected apps of the advertiser stay.
        </p>
        <FormError className="mt-2">{error}</FormError>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Keep them
          </Button>
          <Button
            variant="danger"
            disabled={pending}
            onClick={async () => {
              setPending(true);
              try {
                const { removeMember: answer } = await gqlFetch(REMOVE, { input: { userId } });
                if (!answer?.removedUserId) {
                  setError(userFieldErrors(answer?.userErrors ?? [])._form ?? "Not removed.");
                  return;
                }
                setOpen(false);
                router.refresh();
              } catch (cause) {
                setError(messageOf(cause));
              } finally {
                setPending(false);
              }
            }}
          >
            {pending ? "Removing…" : "Remove member"}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

export function RevokeInvitationButton({ id, email }: { id: string; email: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex items-center gap-2">
      <Button
        variant="secondary"
        disabled={pending}
        aria-label={`Revoke the invitation of ${email}`}
        onClick={async () => {
          setPending(true);
          setError(null);
          try {
            const { revokeInvitation: answer } = await gqlFetch(REVOKE, { input: { id } });
            if (!answer?.invitation) setError(userFieldErrors(answer?.userErrors ?? [])._form ?? "Not revoked.");
            router.refresh();
          } catch (cause) {
            setError(messageOf(cause));
          } finally {
            setPending(false);
          }
        }}
      >
        {pending ? "Revoking…" : "Revoke"}
      </Button>
      <FormError>{error}</FormError>
    </div>
  );
}
