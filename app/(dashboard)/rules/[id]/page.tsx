// One automated rule (docs/decisions/0700): what it watches and does, its dry run (what it would
// have done over the last 7 days, by the worker's own evaluation), what it did, and turning it
// off or deleting it.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { graphql } from "@/graphql/__generated__/client";
import { RuleActionsTable } from "@/components/rules/rule-actions-table";
import { RuleControls } from "@/components/rules/rule-controls";
import { ruleSummary } from "@/components/rules/rule-format";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { EmptyState } from "@/components/ui/states";
import { queryOrNull } from "../../_lib/graphql";
import { hasRole } from "../../_lib/role-gate";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Rule" };

const RULE = graphql(`
  query RulePage($id: ID!) {
    viewer {
      advertiser {
        rule(id: $id) {
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
          dryRun {
            from
            to
            windows
            actions {
              ...RuleActionFields
            }
          }
          actions {
            ...RuleActionFields
          }
        }
      }
    }
  }
`);

export default async function RulePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [data, mayEdit] = await Promise.all([queryOrNull(RULE, { id }), hasRole("editor")]);
  const rule = data?.viewer?.advertiser.rule;
  if (!rule) notFound();
  const applied = rule.dryRun.actions.filter((action) => action.outcome === "APPLIED").length;
  return (
    <>
      <PageHeader
        title={rule.name}
        description={ruleSummary(rule)}
        back={{ href: "/rules", label: "Rules" }}
        actions={mayEdit ? <RuleControls id={rule.id} name={rule.name} enabled={rule.enabled} /> : undefined}
      />
      <Card>
        <CardBody className="flex flex-wrap items-center gap-3 text-sm">
          {rule.enabled ? <Badge tone="ok">On</Badge> : <Badge tone="neutral">Off</Badge>}
          <span>
            Watches{" "}
            {rule.campaignIds
              ? `${rule.campaignIds.length} campaign${rule.campaignIds.length === 1 ? "" : "s"}`
              : "every open campaign"}
            .
          </span>
          {rule.enabled ? (
            <span>
              The window open now closes <LocalTime iso={rule.nextWindowEnd} />.
            </span>
          ) : null}
        </CardBody>
      </Card>
      <Card className="mt-6" data-testid="rule-dry-run">
        <CardHeader
          title="Dry run: the last 7 days"
          description={`${rule.dryRun.windows} windows evaluated on your recorded delivery; the rule would have acted ${applied} ${applied === 1 ? "time" : "times"}. Nothing was changed.`}
        />
        {rule.dryRun.actions.length === 0 ? (
          <EmptyState title="The condition was never met">
            In none of these windows did a watched campaign meet the condition.
          </EmptyState>
        ) : (
          <RuleActionsTable actions={rule.dryRun.actions} label="Dry run" />
        )}
      </Card>
      <Card className="mt-6">
        <CardHeader title="What the rule did" description="Newest window first." />
        {rule.actions.length === 0 ? (
          <EmptyState title="Nothing yet">Each window is evaluated a minute after it closes.</EmptyState>
        ) : (
          <RuleActionsTable actions={rule.actions} label="Rule actions" />
        )}
      </Card>
    </>
  );
}
