// The signed-in member's alerts and alert settings (docs/decisions/1428): Viewer.notifications
// and Viewer.notificationPreferences, markNotificationsRead and setNotificationPreference, each
// running its catalog operation (a dashboard session only: an access token acts for the
// advertiser, not for a person).
import { listNotificationPreferences, setNotificationPreference } from "@/lib/domain/alerts/notification-preferences";
import { listNotifications, markNotificationsRead } from "@/lib/domain/alerts/notifications";
import type { Resolvers } from "../__generated__/resolvers-types";
import { connection } from "../connection";
import { payload } from "../guard";
import { operationResolver, runOperation } from "../operation";

export const notificationResolvers: Resolvers = {
  Viewer: {
    notifications: operationResolver(listNotifications, async (_, args, context) => {
      const page = await runOperation(listNotifications, context, {
        first: args.first,
        after: args.after,
        unread_only: args.unreadOnly,
      });
      return { ...connection(page, (row) => row), unreadCount: page.unreadCount };
    }),
    notificationPreferences: operationResolver(listNotificationPreferences, (_, __, context) =>
      runOperation(listNotificationPreferences, context, {}),
    ),
  },
  Mutation: {
    markNotificationsRead: operationResolver(markNotificationsRead, (_, { input }, context) =>
      payload(() =>
        runOperation(markNotificationsRead, context, {
          ...(input.ids != null && { ids: input.ids }),
          ...(input.all != null && { all: input.all }),
        }),
      ),
    ),
    setNotificationPreference: operationResolver(setNotificationPreference, (_, { input }, context) =>
      payload(async () => ({ preferences: await runOperation(setNotificationPreference, context, input) })),
    ),
  },
};
