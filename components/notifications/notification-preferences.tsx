"use client";
// The settings page's alert preferences (docs/decisions/1428): per kind, the dashboard,
// email (the dashboard copy is kept too) or off. Each change is saved at once
// (setNotificationPreference) and said so in a live region.
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { gqlFetch } from "@/components/graphql-client";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/input";
import {
  ALERT_CHANNEL_LABELS,
  ALERT_CHANNELS,
  ALERT_KIND_LABELS,
  type AlertChannel,
  type AlertKind,
} from "@/lib/domain/alerts/alerts.schemas";

const SET = graphql(`
  mutation SetNotificationPreference($input: SetNotificationPreferenceInput!) {
    setNotificationPreference(input: $input) {
      preferences {
        kind
        channel
      }
      userErrors {
        message
      }
    }
  }
`);

export type PreferenceRow = { kind: AlertKind; channel: AlertChannel };

const toGraphql = (value: string) => value.toUpperCase() as never;

export function NotificationPreferencesForm({
  preferences,
  emailConfigured,
}: {
  preferences: readonly PreferenceRow[];
  emailConfigured: boolean;
}) {
  const [rows, setRows] = useState(preferences);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      {emailConfigured ? null : (
        <p className="text-sm text-muted">
          This service has no email configured: alerts set to email appear in the dashboard only.
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {rows.map((row) => (
          <Field key={row.kind} id={`alert-${row.kind}`} label={ALERT_KIND_LABELS[row.kind]}>
            <Select
              data-testid={`alert-channel-${row.kind}`}
              value={row.channel}
              onChange={async (event) => {
                const channel = event.target.value as AlertChannel;
                setError(null);
                setStatus("");
                try {
                  const { setNotificationPreference } = await gqlFetch(SET, {
                    input: { kind: toGraphql(row.kind), channel: toGraphql(channel) },
                  });
                  if (!setNotificationPreference?.preferences) {
                    setError(setNotificationPreference?.userErrors[0]?.message ?? "Could not save.");
                    return;
                  }
                  setRows((current) => current.map((item) => (item.kind === row.kind ? { ...item, channel } : item)));
                  setStatus(`${ALERT_KIND_LABELS[row.kind]}: ${ALERT_CHANNEL_LABELS[channel]}. Saved.`);
                } catch (caught) {
                  setError(caught instanceof Error ? caught.message : String(caught));
                }
              }}
            >
              {ALERT_CHANNELS.map((channel) => (
                <option key={channel} value={channel}>
                  {ALERT_CHANNEL_LABELS[channel]}
                </option>
              ))}
            </Select>
          </Field>
        ))}
      </div>
      <p role="status" className="text-sm text-muted" data-testid="alert-preferences-status">
        {status}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
