"use client";
// Saves the report on screen by name (saveReport, docs/decisions/0701), optionally emailed to the
// member saving it daily, weekly or monthly: the period just ended, counted in their own time zone.
import { useState } from "react";
import Link from "next/link";
import { graphql } from "@/graphql/__generated__/client";
import type { ReportSchedule, TimeSeriesGranularity } from "@/graphql/__generated__/client/graphql";
import { gqlFetch } from "@/components/graphql-client";
import { userFieldErrors } from "@/components/form-errors";
import { PlainForm } from "@/components/forms/plain-form";
import { useSubmit } from "@/components/forms/use-submit";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { FormError, SuccessNote } from "@/components/ui/states";
import { SubmitButton } from "@/components/ui/submit-button";
import { REPORT_SCHEDULE_LABELS, REPORT_SCHEDULES } from "@/lib/domain/saved-reports/saved-reports.schemas";

const SAVE = graphql(`
  mutation SaveReport($input: SaveReportInput!) {
    saveReport(input: $input) {
      savedReport {
        id
        name
        schedule
        scheduleTimezone
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export type ReportOnScreen = {
  campaignId: string | null;
  start: string;
  end: string;
  tz: string;
  breakdown: string;
  granularity: TimeSeriesGranularity;
};

export function SaveReportForm({ report }: { report: ReportOnScreen }) {
  const { errors, pending, submit } = useSubmit();
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <PlainForm
      label="Save this report"
      onSubmit={(values, form) =>
        submit(async () => {
          const schedule = String(values.get("schedule") ?? "");
          const { saveReport } = await gqlFetch(SAVE, {
            input: {
              name: String(values.get("name") ?? "").trim(),
              campaignId: report.campaignId,
              startDate: report.start,
              endDate: report.end,
              timezone: report.tz,
              breakdown: report.breakdown.toLowerCase(),
              granularity: report.granularity,
              schedule: schedule ? (schedule.toUpperCase() as ReportSchedule) : null,
            },
          });
          if (!saveReport.savedReport) {
            const found = userFieldErrors(saveReport.userErrors);
            return Object.keys(found).length ? found : { _form: "The report was not saved." };
          }
          const { name, schedule: every, scheduleTimezone } = saveReport.savedReport;
          setSaved(
            every
              ? `Saved “${name}”: emailed to you ${every.toLowerCase()} (${scheduleTimezone}).`
              : `Saved “${name}”.`,
          );
          form.reset();
          return null;
        })
      }
    >
      <FormError>{errors._form ?? errors.startDate ?? errors.breakdown}</FormError>
      {saved ? (
        <SuccessNote>
          {saved}{" "}
          <Link href="/reports/saved" className="text-brand underline">
            Saved reports
          </Link>
        </SuccessNote>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="saved-report-name" label="Name" error={errors.name}>
          <Input name="name" maxLength={100} placeholder="Weekly by sport" />
        </Field>
        <Field
          id="saved-report-schedule"
          label="Email it to me"
          hint="The period just ended, in your time zone (Settings), as CSV with a link."
          error={errors.schedule ?? errors.recipientIds}
        >
          <Select name="schedule" defaultValue="">
            <option value="">Never</option>
            {REPORT_SCHEDULES.map((schedule) => (
              <option key={schedule} value={schedule}>
                {REPORT_SCHEDULE_LABELS[schedule]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <SubmitButton pending={pending} pendingLabel="Saving…">
        Save report
      </SubmitButton>
    </PlainForm>
  );
}
