"use client";
// A rule's page actions: turn it off or on (updateRule; turning on a rule that can raise spend
// asks to confirm it, as its creation did) and delete it (deleteRule).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { gqlFetch } from "@/components/graphql-client";
import { userFieldErrors } from "@/components/form-errors";
import { useAction } from "@/components/forms/use-submit";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormError } from "@/components/ui/states";

const UPDATE = graphql(`
  mutation SetRuleEnabled($input: UpdateRuleInput!) {
    updateRule(input: $input) {
      rule {
        id
        enabled
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

const DELETE = graphql(`
  mutation DeleteRule($input: DeleteRuleInput!) {
    deleteRule(input: $input) {
      rule {
        id
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function RuleControls({ id, name, enabled }: { id: string; name: string; enabled: boolean }) {
  const router = useRouter();
  const { pending, error, act } = useAction();
  const [confirming, setConfirming] = useState(false);
  const toggle = (confirmSpendIncrease: boolean) =>
    act(async () => {
      const { updateRule } = await gqlFetch(UPDATE, { input: { id, enabled: !enabled, confirmSpendIncrease } });
      const errors = userFieldErrors(updateRule.userErrors);
      if (errors.confirmSpendIncrease) {
        setConfirming(true);
        return errors.confirmSpendIncrease;
      }
      if (!updateRule.rule) return errors._form ?? "The rule was not changed.";
      setConfirming(false);
      router.refresh();
      return null;
    });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" disabled={pending} onClick={() => toggle(confirming)}>
        {enabled ? "Turn off" : confirming ? "Confirm and turn on" : "Turn on"}
      </Button>
      <ConfirmButton
        label="Delete"
        ariaLabel={`Delete rule ${name}`}
        title={`Delete the rule “${name}”?`}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        run={async () => {
          const { deleteRule } = await gqlFetch(DELETE, { input: { id } });
          if (deleteRule.rule) router.push("/rules");
          return deleteRule;
        }}
      >
        <p className="text-sm text-muted">It stops at once. What it already did stays in the history.</p>
      </ConfirmButton>
      <FormError>{error}</FormError>
    </div>
  );
}
