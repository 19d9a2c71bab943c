// Automated rules (docs/decisions/0700): the advertiser's rules and the form that creates one;
// each rule's page shows its dry run and what it did.
import type { Metadata } from "next";
import Link from "next/link";
import { graphql } from "@/graphql/__generated__/client";
import { CreateRuleForm } from "@/components/rules/create-rule-form";
import { ruleSummary } from "@/components/rules/rule-format";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { ListCard, ListWithForm } from "@/components/ui/list-card";
import { LocalTime } from "@/components/ui/local-time";
import { Td, Th } from "@/components/ui/table";
import { campaignChoices } from "../_lib/campaign-choices";
import { query } from "../_lib/graphql";
import { hasRole, ReadOnlyNote } from "../_lib/role-gate";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Rules" };

const RULES = graphql(`
  query RulesPage {
    viewer {
      advertiser {
        rules {
          id
          name
          metric
          comparison
          threshold
          windowHours
          campaignIds
          action
          actionValueUsd
          enabled
          nextWindowEnd
        }
      }
    }
  }
`);

export default async function RulesPage() {
  const [data, mayEdit, campaigns] = await Promise.all([query(RULES), hasRole("editor"), campaignChoices()]);
  const rules = data.viewer?.advertiser.rules ?? [];
  const open = campaigns.filter((campaign) => campaign.status === "ACTIVE" || campaign.status === "PAUSED");
  return (
    <>
      <PageHeader
        title="Rules"
        description="Automated rules act on your campaigns when a metric over a window crosses a threshold: at most once per window, recorded in the history with the rule as the actor, and alerted."
      />
      <ListWithForm
        formTitle="Create a rule"
        list={
          <ListCard
            title="Your rules"
            description={`${rules.length} ${rules.length === 1 ? "rule" : "rules"}`}
            empty={
              rules.length === 0
                ? {
                    title: "No rules yet",
                    text: "Create a rule, then read its dry run: what it would have done over the last 7 days.",
                  }
                : null
            }
            label="Rules"
            testId="rule-table"
            head={
              <>
                <Th>Rule</Th>
                <Th>Status</Th>
                <Th>Next evaluation</Th>
              </>
            }
          >
            {rules.map((rule) => (
              <tr key={rule.id}>
                <Td className="max-w-md">
                  <Link
                    href={`/rules/${rule.id}`}
                    className="font-medium text-brand underline-offset-2 hover:underline"
                  >
                    {rule.name}
                  </Link>
                  <div className="text-xs text-muted">{ruleSummary(rule)}</div>
                </Td>
                <Td>{rule.enabled ? <Badge tone="ok">On</Badge> : <Badge tone="neutral">Off</Badge>}</Td>
                <Td className="whitespace-nowrap">{rule.enabled ? <LocalTime iso={rule.nextWindowEnd} /> : "—"}</Td>
              </tr>
            ))}
          </ListCard>
        }
      >
        {mayEdit ? (
          <CreateRuleForm campaigns={open} />
        ) : (
          <ReadOnlyNote>Your role on this advertiser is viewer: an editor or an admin creates rules.</ReadOnlyNote>
        )}
      </ListWithForm>
    </>
  );
}
