// A page of the change history (docs/decisions/1008): when, who (and for whom,
// for a connected app; beside each name, which anyone chooses, the email or client
// id that tells two of one name apart, docs/decisions/1430), what, each field's before and after, and the system's
// reason. Used by /history (every change of the account) and by a campaign's
// History tab (showCampaign false: the campaign is the page's).
import Link from "next/link";
import type { ChangeActorType, ChangeTargetType } from "@/graphql/__generated__/client/graphql";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Td, Th } from "@/components/ui/table";
import {
  ACTOR_LABELS,
  fieldInstant,
  fieldLabel,
  fieldValue,
  operationLabel,
  reasonLabel,
  TARGET_LABELS,
} from "./change-format";
import { UndoChangeButton } from "./undo-change-button";

export type ChangeRow = {
  id: string;
  at: string;
  actor: { type: ChangeActorType; id: string; name: string; email?: string | null; clientId?: string | null };
  onBehalfOf?: { id: string; name: string; email?: string | null } | null;
  operation: string;
  target: { type: ChangeTargetType; id: string };
  campaignId?: string | null;
  fields: { field: string; from: string; to: string }[];
  reason?: string | null;
  /** the caller may undo it (docs/decisions/0702) */
  undoable?: boolean;
};

const ACTOR_TONES: Record<ChangeActorType, BadgeTone> = {
  USER: "ok",
  API_CLIENT: "info",
  OAUTH_APP: "info",
  SYSTEM: "neutral",
};

export function ChangeTable({
  changes,
  label,
  showCampaign = true,
}: {
  changes: readonly ChangeRow[];
  label: string;
  showCampaign?: boolean;
}) {
  return (
    <Table aria-label={label} data-testid="change-table">
      <thead>
        <tr>
          <Th>When</Th>
          <Th>Who</Th>
          <Th>What</Th>
          <Th>Changes</Th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.id} data-testid="change-row">
            <Td className="align-top text-xs whitespace-nowrap">
              <LocalTime iso={change.at} />
            </Td>
            <Td className="min-w-40 align-top">
              <div className="font-medium" data-testid="change-actor">
                {change.actor.name}
              </div>
              {change.actor.email || change.actor.clientId ? (
                <div className="text-xs break-all text-muted" data-testid="change-actor-handle">
                  {change.actor.email ?? change.actor.clientId}
                </div>
              ) : null}
              <div className="mt-1 flex flex-wrap items-center gap-1 text-xs text-muted">
                <Badge tone={ACTOR_TONES[change.actor.type]}>{ACTOR_LABELS[change.actor.type]}</Badge>
                {change.onBehalfOf ? (
                  <span>
                    for {change.onBehalfOf.name}
                    {change.onBehalfOf.email ? ` (${change.onBehalfOf.email})` : ""}
                  </span>
                ) : null}
              </div>
            </Td>
            <Td className="min-w-48 align-top">
              <div className="font-medium">{operationLabel(change.operation, change.target.type)}</div>
              <div className="text-xs break-all text-muted">
                {TARGET_LABELS[change.target.type]} {change.target.id}
                {showCampaign && change.campaignId && change.target.type !== "CAMPAIGN" ? (
                  <>
                    {" · "}
                    <Link href={`/campaigns/${change.campaignId}`} className="text-brand hover:underline">
                      its campaign
                    </Link>
                  </>
                ) : null}
                {showCampaign && change.target.type === "CAMPAIGN" ? (
                  <>
                    {" · "}
                    <Link href={`/campaigns/${change.target.id}`} className="text-brand hover:underline">
                      open
                    </Link>
                  </>
                ) : null}
              </div>
              {change.reason ? <p className="mt-1 text-xs text-ink">Because {reasonLabel(change.reason)}</p> : null}
              {change.undoable ? (
                <div className="mt-2">
                  <UndoChangeButton id={change.id} fields={change.fields} />
                </div>
              ) : null}
            </Td>
            <Td className="min-w-64 align-top">
              {change.fields.length === 0 ? (
                <span className="text-xs text-muted">No field values</span>
              ) : (
                <ul className="space-y-0.5 text-xs" data-testid="change-fields">
                  {change.fields.map((field) => (
                    <li key={field.field}>
                      <span className="font-medium">{fieldLabel(field.field)}:</span>{" "}
                      <span className="text-muted">
                        <FieldValue field={field.field} json={field.from} />
                      </span>{" "}
                      →{" "}
                      <span>
                        <FieldValue field={field.field} json={field.to} />
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** A field's before or after: an instant in the reader's zone, anything else in words. */
function FieldValue({ field, json }: { field: string; json: string }) {
  const instant = fieldInstant(json);
  return instant ? <LocalTime iso={instant} /> : <>{fieldValue(field, json)}</>;
}
