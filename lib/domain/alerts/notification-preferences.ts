// The signed-in user's channel for each kind of alert (docs/decisions/1428): dashboard,
// email (the dashboard copy is kept too) or off. A person's own setting, for every
// advertiser they belong to; a kind never set has its default (DEFAULT_CHANNELS).
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { requireSessionUser } from "@/lib/domain/users/require-session-user";
import { defineOperation } from "@/lib/operations/operation";
import {
  ALERT_CHANNELS,
  ALERT_KINDS,
  DEFAULT_CHANNELS,
  listNotificationPreferencesInput,
  setNotificationPreferenceInput,
  type AlertChannel,
  type NotificationPreference,
} from "./alerts.schemas";

async function preferences(actor: Actor): Promise<NotificationPreference[]> {
  const userId = requireSessionUser(actor, "Notification settings");
  const rows = await db().notificationPreference.findMany({ where: { userId }, select: { kind: true, channel: true } });
  const stored = new Map(rows.map((row) => [row.kind, row.channel]));
  return ALERT_KINDS.map((kind) => {
    const channel = stored.get(kind);
    const known = channel !== undefined && (ALERT_CHANNELS as readonly string[]).includes(channel);
    return { kind, channel: known ? (channel as AlertChannel) : DEFAULT_CHANNELS[kind], isDefault: !known };
  });
}

export const listNotificationPreferences = defineOperation({
  name: "listNotificationPreferences",
  access: "session",
  role: "viewer",
  write: false,
  input: listNotificationPreferencesInput,
  run: (actor) => preferences(actor),
});

export const setNotificationPreference = defineOperation({
  name: "setNotificationPreference",
  access: "session",
  role: "viewer",
  write: true,
  history: { none: "the user's own alert settings, not the advertiser's configuration" },
  input: setNotificationPreferenceInput,
  run: async (actor, input): Promise<NotificationPreference[]> => {
    const userId = requireSessionUser(actor, "Notification settings");
    await db().notificationPreference.upsert({
      where: { userId_kind: { userId, kind: input.kind } },
      create: { userId, kind: input.kind, channel: input.channel },
      update: { channel: input.channel },
    });
    return preferences(actor);
  },
});
