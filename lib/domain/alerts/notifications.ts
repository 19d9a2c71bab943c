// The signed-in member's alerts for the advertiser the session selected (docs/decisions/1428):
// a page of them, newest first, with the unread count, and marking them read. A person's
// own inbox: another user's or another advertiser's notification is not found.
import type { Actor } from "@/lib/auth/actor";
import { nowDate } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { countedKeysetPage, newestFirst, type Connection } from "@/lib/domain/pagination";
import { requireSessionUser } from "@/lib/domain/users/require-session-user";
import { AppError } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import { isAlertKind, listNotificationsInput, markNotificationsReadInput, type Notification } from "./alerts.schemas";

const notificationSelect = {
  id: true,
  kind: true,
  campaignId: true,
  endpointId: true,
  title: true,
  body: true,
  linkPath: true,
  createdAt: true,
  readAt: true,
} as const;

type Row = { [K in keyof typeof notificationSelect]: K extends "kind" ? string : Notification[K] };

function view(row: Row): Notification {
  // kinds are written by lib/domain/alerts only; an unknown one would be a bug, shown as a campaign end
  return { ...row, kind: isAlertKind(row.kind) ? row.kind : "campaign_ended" };
}

export type NotificationConnection = Connection<Notification> & { unreadCount: number };

/** The inbox's owner: the session's user in the selected advertiser. */
function inbox(actor: Actor) {
  return { userId: requireSessionUser(actor, "Notifications"), advertiserId: actor.advertiserId };
}

export async function unreadNotificationCount(actor: Actor): Promise<number> {
  return db().notification.count({ where: { ...inbox(actor), readAt: null } });
}

export const listNotifications = defineOperation({
  name: "listNotifications",
  access: "session",
  role: "viewer",
  write: false,
  input: listNotificationsInput,
  run: async (actor, input): Promise<NotificationConnection> => {
    const { unread_only: unreadOnly, ...page } = input;
    const owner = inbox(actor);
    const [connection, unreadCount] = await Promise.all([
      countedKeysetPage(page, newestFirst("createdAt", "date"), {
        base: { ...owner, ...(unreadOnly ? { readAt: null } : {}) },
        count: (args) => db().notification.count(args),
        findMany: (args) => db().notification.findMany({ ...args, select: notificationSelect }),
        valueOf: (row) => row.createdAt,
        view,
      }),
      db().notification.count({ where: { ...owner, readAt: null } }),
    ]);
    return { ...connection, unreadCount };
  },
});

export const markNotificationsRead = defineOperation({
  name: "markNotificationsRead",
  access: "session",
  role: "viewer",
  write: true,
  history: { none: "a member's own notifications read, not the advertiser's configuration" },
  input: markNotificationsReadInput,
  run: async (actor, input, context): Promise<{ marked: number; unreadCount: number }> => {
    const owner = inbox(actor);
    const now = nowDate(context.clock);
    if (input.ids) {
      const ids = [...new Set(input.ids)];
      const found = await db().notification.count({ where: { ...owner, id: { in: ids } } });
      if (found !== ids.length) {
        throw new AppError("not_found", { detail: "One or more notifications do not exist in your inbox." });
      }
    }
    const { count } = await db().notification.updateMany({
      where: { ...owner, readAt: null, ...(input.ids ? { id: { in: [...new Set(input.ids)] } } : {}) },
      data: { readAt: now },
    });
    return { marked: count, unreadCount: await unreadNotificationCount(actor) };
  },
});
