// The report's choices as a GET form: submitting it loads /reports with them in
// the URL (shareable, no JavaScript needed). Errors are E9's, next to their fields.
// Above it, Google Ads' date ranges as links (local dates in the report's zone);
// "All campaigns" is the advertiser's report, compared with the previous period
// on request.
// The time zone is a text field searching a list (a native combobox: <input list>
// and <datalist>, no JavaScript): IANA's canonical names with each one's UTC offset
// now; a city typed alone ("Kolkata") is read as its zone.
import { MAX_HOURLY_DAYS } from "@/lib/domain/reporting/reporting.schemas";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import {
  ALL_CAMPAIGNS,
  BREAKDOWN_LABELS,
  datePresets,
  REPORT_BREAKDOWNS,
  reportHref,
  type ReportParamErrors,
  type ReportParams,
} from "./report-params";
import { DatePresetLinks } from "./date-preset-links";
import { timeZoneOptions, utcOffset } from "./time-zones";

export function ReportFilters({
  params,
  errors,
  campaigns,
  nowMs,
}: {
  params: ReportParams;
  errors: ReportParamErrors;
  campaigns: readonly { restId: string; name: string; status: string }[];
  /** the offsets are today's */
  nowMs: number;
}) {
  const offset = utcOffset(params.tz, nowMs);
  const presets = errors.tz ? [] : datePresets(nowMs, params.tz);
  return (
    <Card>
      <CardBody>
        <DatePresetLinks
          presets={presets}
          range={params}
          hrefOf={(preset) => reportHref({ ...params, start: preset.start, end: preset.end })}
        />
        <form
          method="get"
          action="/reports"
          aria-label="Report settings"
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          <Field id="report-campaign" label="Campaign" error={errors.campaign}>
            <Select name="campaign" defaultValue={params.campaign ?? undefined}>
              <option value={ALL_CAMPAIGNS}>All campaigns</option>
              {campaigns.map((campaign) => (
                <option key={campaign.restId} value={campaign.restId}>
                  {campaign.name} ({campaign.status.toLowerCase()})
                </option>
              ))}
            </Select>
          </Field>
          <Field id="report-start" label="From" error={errors.start}>
            <Input type="date" name="start" defaultValue={params.start} required />
          </Field>
          <Field id="report-end" label="To (inclusive)" error={errors.end}>
            <Input type="date" name="end" defaultValue={params.end} required />
          </Field>
          <div>
            <Field
              id="report-tz"
              label="Time zone"
              hint={`Days and hours are counted in this zone${offset ? ` (${offset} now)` : ""}. Type a city or region to search, such as Kolkata or New York.`}
              error={errors.tz}
            >
              <Input
                name="tz"
                list="report-tz-options"
                defaultValue={params.tz}
                autoComplete="off"
                spellCheck={false}
                required
              />
            </Field>
            <datalist id="report-tz-options">
              {timeZoneOptions(nowMs).map((zone) => (
                <option key={zone.value} value={zone.value} label={zone.label} />
              ))}
            </datalist>
          </div>
          <Field id="report-breakdown" label="Breakdown" error={errors.breakdown}>
            <Select name="breakdown" defaultValue={params.breakdown}>
              {REPORT_BREAKDOWNS.map((breakdown) => (
                <option key={breakdown} value={breakdown}>
                  {BREAKDOWN_LABELS[breakdown]}
                  {breakdown === "CAMPAIGN"
                    ? " (all campaigns)"
                    : breakdown === "CREATIVE" || breakdown === "REGION"
                      ? " (one campaign)"
                      : ""}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="report-granularity" label="Chart per" hint={`Hours for ranges up to ${MAX_HOURLY_DAYS} days.`}>
            <Select name="granularity" defaultValue={params.granularity}>
              <option value="DAY">Day</option>
              <option value="HOUR">Hour</option>
            </Select>
          </Field>
          <div className="space-y-1.5">
            <label className="flex items-center gap-2 text-sm font-medium text-ink">
              <input
                type="checkbox"
                name="compare"
                value="previous"
                defaultChecked={params.compare}
                aria-describedby={errors.compare ? "report-compare-error" : undefined}
                aria-invalid={errors.compare ? true : undefined}
              />
              Compare with the previous period
            </label>
            <p className="text-xs text-muted">As many days just before the range, in the same zone.</p>
            {errors.compare ? (
              <p id="report-compare-error" className="text-sm text-danger" role="alert">
                {errors.compare}
              </p>
            ) : null}
          </div>
          <div className="sm:col-span-2 lg:col-span-3">
            <Button type="submit">Show report</Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
