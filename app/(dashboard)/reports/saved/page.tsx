// Saved reports (docs/decisions/0701): each opens the report as it was saved; a scheduled one is
// emailed (the period just ended, in its owner's zone) to its recipients once per period.
import type { Metadata } from "next";
import Link from "next/link";
import { graphql } from "@/graphql/__generated__/client";
import { SavedReportControls } from "@/components/saved-reports/saved-report-controls";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { ListCard } from "@/components/ui/list-card";
import { LocalTime } from "@/components/ui/local-time";
import { Td, Th } from "@/components/ui/table";
import { query } from "../../_lib/graphql";
import { hasRole } from "../../_lib/role-gate";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Saved reports" };

const SAVED = graphql(`
  query SavedReportsPage {
    viewer {
      advertiser {
        savedReports {
          id
          name
          path
          startDate
          endDate
          timezone
          schedule
          scheduleTimezone
          recipientIds
          lastSentPeriod
          lastSentAt
        }
      }
    }
  }
`);

export default async function SavedReportsPage() {
  const [data, mayEdit] = await Promise.all([query(SAVED), hasRole("editor")]);
  const reports = data.viewer?.advertiser.savedReports ?? [];
  return (
    <>
      <PageHeader
        title="Saved reports"
        description="Reports saved by name from the Reports page. A scheduled report is emailed as CSV, with its link, after each day, week or month in its owner's time zone."
        back={{ href: "/reports", label: "Reports" }}
      />
      <ListCard
        title="Saved reports"
        description={`${reports.length} saved`}
        empty={
          reports.length === 0
            ? {
                title: "No saved reports yet",
                text: "Choose a report on the Reports page, then save it below the table.",
              }
            : null
        }
        label="Saved reports"
        testId="saved-report-table"
        head={
          <>
            <Th>Report</Th>
            <Th>Emailed</Th>
            <Th>Last sent</Th>
            {mayEdit ? <Th>Actions</Th> : null}
          </>
        }
      >
        {reports.map((report) => (
          <tr key={report.id} data-testid="saved-report-row">
            <Td className="max-w-md">
              <Link href={report.path} className="font-medium text-brand underline-offset-2 hover:underline">
                {report.name}
              </Link>
              <div className="text-xs text-muted">
                {report.startDate} – {report.endDate} ({report.timezone})
              </div>
            </Td>
            <Td>
              {report.schedule ? (
                <Badge tone="info">
                  {report.schedule.toLowerCase()}, {report.scheduleTimezone}, to {report.recipientIds.length}
                </Badge>
              ) : (
                <Badge tone="neutral">Not emailed</Badge>
              )}
            </Td>
            <Td className="text-xs whitespace-nowrap">
              {report.lastSentAt ? (
                <>
                  {report.lastSentPeriod} (<LocalTime iso={report.lastSentAt} />)
                </>
              ) : (
                "—"
              )}
            </Td>
            {mayEdit ? (
              <Td>
                <SavedReportControls id={report.id} name={report.name} scheduled={report.schedule !== null} />
              </Td>
            ) : null}
          </tr>
        ))}
      </ListCard>
    </>
  );
}
