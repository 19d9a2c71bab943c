// What a rule did or would have done (its dry run), per campaign and window.
import Link from "next/link";
import { graphql } from "@/graphql/__generated__/client";
import type { RuleActionFieldsFragment } from "@/graphql/__generated__/client/graphql";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Td, Th } from "@/components/ui/table";

export const RULE_ACTION_FIELDS = graphql(`
  fragment RuleActionFields on RuleActionEntry {
    campaignId
    campaignName
    windowStart
    windowEnd
    action
    metricValue
    outcome
    detail
  }
`);

export function RuleActionsTable({ actions, label }: { actions: readonly RuleActionFieldsFragment[]; label: string }) {
  const rows = actions;
  return (
    <Table aria-label={label} data-testid="rule-actions">
      <thead>
        <tr>
          <Th>Window</Th>
          <Th>Campaign</Th>
          <Th>Metric</Th>
          <Th>Outcome</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.campaignId}-${row.windowStart}`} data-testid="rule-action-row">
            <Td className="text-xs whitespace-nowrap">
              <LocalTime iso={row.windowStart} /> to <LocalTime iso={row.windowEnd} />
            </Td>
            <Td>
              <Link href={`/campaigns/${row.campaignId}`} className="text-brand underline-offset-2 hover:underline">
                {row.campaignName}
              </Link>
            </Td>
            <Td className="tabular-nums">{row.metricValue ?? "—"}</Td>
            <Td>
              <Badge tone={row.outcome === "APPLIED" ? "info" : "neutral"}>
                {row.outcome === "APPLIED" ? "Acts" : "Skipped"}
              </Badge>{" "}
              <span className="text-xs">{row.detail}</span>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
